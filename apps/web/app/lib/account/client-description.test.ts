import { describe, expect, it } from 'vitest';
import { describeClient, type ClientFields } from './client-description';

const blank: ClientFields = { clientType: '', clientName: '', clientVersion: '', clientEngine: '', osName: '', osVersion: '', deviceName: '', deviceBrand: '', deviceModel: '', ip: '', countryName: 'Unknown', countryCode: '--' };

describe('describeClient', () => {
  it('names a desktop browser by its major version', () => {
    const description = describeClient({ ...blank, clientType: 'browser', clientName: 'Chrome', clientVersion: '140.0.0.0', osName: 'GNU/Linux', deviceName: 'desktop', ip: '127.0.0.1' });
    expect(description).toEqual({ browser: 'Chrome 140', os: 'GNU/Linux', device: '', kind: 'desktop', ip: '127.0.0.1', country: '' });
  });

  it('prefers brand and model for phones', () => {
    const description = describeClient({ ...blank, clientName: 'Samsung Internet', clientVersion: '24.0', osName: 'Android', osVersion: '14', deviceName: 'smartphone', deviceBrand: 'Samsung', deviceModel: 'Galaxy S21', countryCode: 'ke', countryName: 'Kenya' });
    expect(description).toMatchObject({ browser: 'Samsung Internet 24', os: 'Android 14', device: 'Samsung Galaxy S21', kind: 'phone', country: 'Kenya' });
  });

  it('leaves unknown parts empty', () => {
    expect(describeClient(blank)).toEqual({ browser: '', os: '', device: '', kind: 'other', ip: '', country: '' });
  });
});
