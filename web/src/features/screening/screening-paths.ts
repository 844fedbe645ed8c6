/** Where the screening screens live (web/src/router.tsx). */
export const SCREENINGS_PATH = '/screenings';
export const screeningPath = (id: string) => `${SCREENINGS_PATH}/${encodeURIComponent(id)}`;
