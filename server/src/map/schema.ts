/**
 * Row types of the lighting-map tables (issue 5), merged into `Database` in db/schema.ts.
 * Geometry is Web Mercator (EPSG:3857) metres. Faults and repair orders live in the dashboard's
 * `fault` and `work_order` tables (extended by migration 0005).
 */

export interface MapAssetTable {
  objectid: number;
  code: string;
  kind: string;
  status: string;
  /** kind + '|' + status: the renderer's one field. */
  symbol: string;
  x: number;
  y: number;
  district: string;
  road: string;
  roadClass: string;
  installDate: string;
  powerW: number | null;
  lampType: string | null;
  heightM: number | null;
  capacityKva: number | null;
  depthM: number | null;
  controlBoxId: number | null;
  circuitId: string | null;
  transformerId: number | null;
  updatedAt: number;
}

export interface MapCableTable {
  objectid: number;
  code: string;
  /** feeder (transformer → control box) | branch (along a circuit) */
  cableType: string;
  fromId: number;
  toId: number;
  circuitId: string | null;
  controlBoxId: number | null;
  transformerId: number | null;
  lengthM: number;
  status: string;
  symbol: string;
  /** Esri JSON paths, e.g. [[[x,y],[x,y]]] */
  paths: string;
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

export interface MapDistrictTable {
  objectid: number;
  name: string;
  code: string;
  roadLengthKm: number;
  rings: string;
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

export interface MapRoadTable {
  objectid: number;
  name: string;
  roadClass: string;
  district: string;
  paths: string;
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

/** Water (layer 6): rivers and lakes, Esri JSON rings. */
export interface MapWaterTable {
  objectid: number;
  name: string;
  /** river | lake */
  kind: string;
  rings: string;
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

/** Parks and green space (layer 7), Esri JSON rings. */
export interface MapParkTable {
  objectid: number;
  name: string;
  rings: string;
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

export interface MapLayerStateTable {
  layerId: number;
  lastEditDate: number;
}

export interface MapCrewTable {
  id: string;
  name: string;
  leader: string;
  /** the user who leads the crew (data permissions' `@crewId`), when one is named */
  leaderId?: string | null;
  phone: string;
  district: string;
}

export interface MapTrackTable {
  crewId: string;
  t: number;
  x: number;
  y: number;
}

export interface MapTables {
  map_asset: MapAssetTable;
  map_cable: MapCableTable;
  map_district: MapDistrictTable;
  map_road: MapRoadTable;
  map_water: MapWaterTable;
  map_park: MapParkTable;
  map_layer_state: MapLayerStateTable;
  map_crew: MapCrewTable;
  map_track: MapTrackTable;
}
