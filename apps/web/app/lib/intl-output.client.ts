import { setFormattedOutputSource } from './intl';
import { FORMATTED_OUTPUT_ID, OutputRecord } from './intl-output';

/**
 * Before hydration: formats answer from the record the server put in the page, so the page's
 * first render in the browser builds no Intl object for what the server already wrote.
 */
export function readFormattedOutputOfThePage(): void {
  const text = document.getElementById(FORMATTED_OUTPUT_ID)?.textContent;
  if (!text) return;
  const record = OutputRecord.read(text);
  setFormattedOutputSource(() => record);
}
