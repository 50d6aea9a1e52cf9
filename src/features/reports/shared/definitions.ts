/** What each report figure means, as the cards' tooltips say it (docs/METRICS.md 'Compliance'). */
export const DEFINITIONS = {
  complianceTotal: 'Compliance total: compliant events over opportunities.',
  complianceAverage: 'Compliance average: the mean of user scores.',
  washAverage: 'The mean duration, in seconds, of hand-hygiene events that report one.',
  activeUsers: 'Users with an opportunity or a hand-hygiene event in the range.',
  opportunities: 'Room entries and exits of counted visits: each visit makes two.',
  compliantEvents: 'Opportunities with hand hygiene inside their window.',
  washCount: 'Hand-hygiene events credited to wearers.',
  hourlyWashCount: 'Hand-hygiene events per hour of the range.',
} as const;
