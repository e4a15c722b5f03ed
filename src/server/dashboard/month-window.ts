// The window of gym months the dashboard's figures are counted over (dashboard.service.ts makes it).
/** The gym months asked for: their first gym date, the day after the last, and the same as instants. */
export interface MonthWindow {
  fromDate: string;
  beforeDate: string;
  fromIso: string;
  beforeIso: string;
}
