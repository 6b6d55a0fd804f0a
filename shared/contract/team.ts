/** The team seat (issue 3). */
export const teamMethods = {};
