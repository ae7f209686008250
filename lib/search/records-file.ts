/** Where the build writes the search records (relative to the project root). */
export const RECORDS_FILE = '.search/records.json';
