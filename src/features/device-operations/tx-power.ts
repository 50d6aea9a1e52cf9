/** TX power bands: strong (0 dBm or more), normal (down to −12 dBm), weak (below). */
export function txPowerBand(dbm: number | null): 'strong' | 'normal' | 'weak' | null {
  if (dbm === null) return null;
  if (dbm >= 0) return 'strong';
  return dbm >= -12 ? 'normal' : 'weak';
}
