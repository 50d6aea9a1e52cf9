// What only the console shows on the Stations page (docs/STATIONS.md 'Assignments' and
// 'Commands'): page sizes and the texts the page itself writes. The API's own messages
// stay in @contracts/stations.

/** Kiosk gateways per page of the Stations page. */
export const KIOSKS_PER_PAGE = 5;
/** NFC stations per page of the NFC view. */
export const NFC_STATIONS_PER_PAGE = 15;
/** The Stations user list: first page, then each further page. */
export const STATION_USERS_FIRST = 100;
export const STATION_USERS_MORE = 48;

/** The title of the notice that a pending kiosk assignment was removed. */
export const PENDING_REMOVED_TITLE = 'Pending Assignment Removed';
