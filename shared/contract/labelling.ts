/** Judge-validation labelling sessions (issue 4). */
export const labellingMethods = {};
