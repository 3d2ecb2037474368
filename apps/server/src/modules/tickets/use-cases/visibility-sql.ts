/** The tickets policy's visibility rule as SQL (mirrors canSeeTicket, and so the rooms of roomsForTicket). */
export { visibilitySql } from '../tickets.repository.js';
