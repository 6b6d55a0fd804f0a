// The lab's two documents. The paper plan was written on 2 October and never updated: its deadline is stale, the
// way real documents are; the Slack history has the extension.

export const docs: Record<string, string> = {
  'field-protocol.md': `# Aerolab field protocol

Last updated: 4 October 2024 (Tomás Reyes, after Dev's check of the Riverside cabinet).

## Sites

| id | place | reference monitor | notes |
|---|---|---|---|
| MK-01 | Market square | none | roof of the market hall |
| RV-02 | Riverside | Palas Fidas 200 (city) | co-location site |
| NG-03 | Northgate | Teledyne T640 (city) | co-location site; IP67 enclosure since October |
| LB-04 | Library rooftop | none | council permit required, see Maya |
| PK-05 | Park pavilion | none | solar powered |
| SC-06 | Science campus | none | solar powered |
| HR-07 | Harbour Road | none | logged only; excluded from the model since 9 October |

## Visits

1. Post the visit in #field-ops before leaving.
2. Check battery, SD card, inlet and fan; photograph the box.
3. Resync the clock with GPS if it is more than 5 seconds off.
4. Log the visit in the site sheet.

## Data

Readings arrive every minute and are ingested nightly at 02:00 UTC. Outages are flagged as missing, never
interpolated.
`,
  'paper-plan.md': `# Paper plan: SenSus 2025 workshop

Written 2 October 2024 (Maya Okafor).

- Venue: SenSus 2025, Workshop on Sensing for Sustainable Cities. Deadline: 15 November 2024. Six pages.
- Story: a small network of low-cost sensors, calibrated against two reference monitors, is good enough for
  neighbourhood-scale PM2.5 maps when humidity is corrected for.

| section | owner |
|---|---|
| Introduction | Maya |
| Related work | Priya |
| Method and results | Aiko |
| Deployment | Dev, Tomás |
| Bologna comparison paragraph | Sofia |

Figures: per-site RMSE, residuals by hour of day, site map (Clara).
`,
};
