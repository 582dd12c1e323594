/** The lighting map's public face: assets, faults, repair orders, crews, statistics, the wall. */
export type { MapTables } from './schema';
export { LAMP_KINDS, isLampKind } from './city';
export { districtOutlines } from './district-store';
export { announceFault, insertFault, type InsertedFault } from './fault-service';
export { envelopeCondition } from './featureserver';
export { lonLatToMercator, mercatorToLonLat } from './geo';
export { layerById } from './layers';
export { mapReads, type MapReads } from './reads';
export { dueAtFor } from './rules';
export { MENU_ASSETS, MENU_FAULT, MENU_WALL, type Tx } from './store';
