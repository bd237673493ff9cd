// The chart block's data limits, one rule for the editor's data grid and the server's block validator (the editor
// used to cut at 10 columns while the server took 20: a chart saved through the API could not be edited whole).

/** Columns (series) of a chart; the server refused more, the editor now keeps as many. */
export const CHART_MAX_COLUMNS = 20
/** Rows (points) of a chart. */
export const CHART_MAX_ROWS = 50
