/**
 * CSV files with good and broken rows, shared by the engine's import tests and the console's
 * import routes: regions and subregions to refer to, a district already in the database, and a
 * districts file with every kind of refusal, each on a known physical line.
 */
import type { RowOutcome } from '../../../src/directory-io/import-rows.ts';

export const REGIONS = ['$id,name,slug,code,description,population,order', 'r1,North,north,N,"",1000,1', 'r2,South,south,S,"",,2', ''].join('\n');
export const SUBREGIONS = ['$id,name,slug,regionId,description', 'sr1,Upper North,upper-north,r1,""', 'sr2,Deep South,deep-south,south,""', ''].join('\n');
export const EXISTING_DISTRICT = ['$id,name,slug,kind,subregionId,regionId,description,population', 'd0,Old Kappa,existing-slug,district,sr1,r1,"",7', ''].join('\n');

/** Line numbers are the file's physical lines: the record of line 3 runs over lines 3 and 4. */
export const DISTRICTS = [
  '$id,name,slug,kind,subregionId,regionId,description,population',
  'd1,Alpha,alpha,district,sr1,r1,"",1000',
  'd2,Beta,beta,city,upper-north,north,"First line',
  'second line",2000',
  'd3,Gamma,gamma,district,sr-missing,r1,"",10',
  'd4,Delta,delta,district,sr1,r1,"",many',
  'd5,Epsilon,epsilon,county,sr1,r1,"",5',
  'd1,Alpha again,alpha-again,district,sr1,r1,"",1',
  'd6,Zeta,alpha,district,sr1,r1,"",1',
  'd7,"Broken "quote" name",eta,district,sr1,r1,"",1',
  'd8,Theta,theta,district,deep-south,r2,"",3',
  'd9,Iota,existing-slug,district,sr1,r1,"",1',
  'd0,Kappa,existing-slug,district,sr1,r1,"",7',
  ',Lambda,lambda,municipality,sr1,r1,"",',
  'd10,Mu,mu,district,sr1,r1,""',
  '',
].join('\n');

/** Line → [action, what the reason (if any) must say]. */
export const EXPECTED: Record<number, [RowOutcome['action'], RegExp?]> = {
  2: ['create'],
  3: ['create'],
  5: ['refused', /unknown reference: subregionId "sr-missing"/],
  6: ['refused', /Attribute "population" has invalid format/],
  7: ['refused', /Attribute "kind" has invalid format. Value must be one of \(district, city, municipality\)/],
  8: ['refused', /duplicate: \$id "d1" is also on line 2/],
  9: ['refused', /duplicate: slug "alpha" is also on line 2/],
  10: ['refused', /broken quote/],
  11: ['create'],
  12: ['refused', /unique index slugUnique: slug "existing-slug" already belongs to districts "d0"/],
  13: ['update'],
  14: ['create'],
  15: ['refused', /bad CSV structure: 7 fields where the header has 8/],
};
