import { textWidth } from '@lighting/shared/core';
import {
  BASE_LAYER_ORDER,
  LABEL_SCALES,
  MAP_STACK,
  DISTRICT_NAME_LINE,
  districtNamesLayer,
  SIDE_ROAD_MIN_SCALE,
  baseLayers,
  districtLabelExpression,
  districtLabels,
} from './basemap';
import { ASSET_MIN_SCALE } from './symbology';

/** True when a layer (or label class) with these scales shows at `scale` (1:scale). */
const showsAt = (s: { minScale: number; maxScale: number }, scale: number) =>
  (s.minScale === 0 || scale <= s.minScale) && (s.maxScale === 0 || scale >= s.maxScale);

describe('base geography', () => {
  const layers = baseLayers();

  it('stacks land cover under the roads, from our FeatureServer layers 2, 3, 6 and 7', () => {
    expect(BASE_LAYER_ORDER).toEqual(['districts', 'water', 'parks', 'sideRoads', 'mainRoads']);
    expect(new Set(BASE_LAYER_ORDER.map((n) => layers[n].layerId))).toEqual(new Set([2, 3, 6, 7]));
    expect(layers.mainRoads.definitionExpression).toBe("roadClass = 'main'");
    expect(layers.sideRoads.definitionExpression).toBe("roadClass = 'side'");
  });

  it('labels what helps at each scale: districts and water for the city, streets when zoomed in', () => {
    const city = 150_000;
    const street = 4_000;
    expect(showsAt(LABEL_SCALES.district, city)).toBe(true);
    expect(showsAt(LABEL_SCALES.water, city)).toBe(true);
    expect(showsAt(LABEL_SCALES.mainRoad, city)).toBe(false);
    expect(showsAt(LABEL_SCALES.mainRoad, 50_000)).toBe(true);
    expect(showsAt(LABEL_SCALES.sideRoad, 50_000)).toBe(false);
    expect(showsAt(LABEL_SCALES.sideRoad, street)).toBe(true);
    expect(showsAt(LABEL_SCALES.park, street)).toBe(true);
    // at street level the district name would sit on top of the assets
    expect(showsAt(LABEL_SCALES.district, street)).toBe(false);
    // side streets are drawn before their names and before assets are
    expect(SIDE_ROAD_MIN_SCALE).toBeGreaterThan(LABEL_SCALES.sideRoad.minScale);
    expect(SIDE_ROAD_MIN_SCALE).toBeGreaterThan(ASSET_MIN_SCALE);
  });

  it('names every feature by its name field with a halo, in the default font our build serves', () => {
    for (const n of BASE_LAYER_ORDER) {
      const l = layers[n];
      expect(l.outFields).toContain('name');
      for (const c of l.labelingInfo) {
        expect(c.labelExpressionInfo.expression).toBe('$feature.name');
        expect(c.symbol.haloSize).toBeGreaterThan(0);
        expect(Object.keys(c.symbol.font)).toEqual(['size']);
      }
    }
    expect(layers.mainRoads.labelingInfo[0]?.labelPlacement).toBe('center-along');
    expect(layers.mainRoads.labelingInfo[0]?.repeatLabel).toBe(true);
  });

  it('names the districts on the map in the reader’s language, as stored when there is no translation', () => {
    expect(districtLabelExpression({})).toBe('$feature.name');
    expect(districtLabelExpression({ 东城区: '东城区' })).toBe('$feature.name');
    expect(districtLabelExpression({ 东城区: 'Dongcheng', 西城区: 'Xicheng', 南区: '' })).toBe(
      'Decode($feature.name, "东城区", "Dongcheng", "西城区", "Xicheng", $feature.name)',
    );
    expect(districtLabelExpression({ 'a"b': 'c' })).toBe(
      'Decode($feature.name, "a\\"b", "c", $feature.name)',
    );
    const [cls] = districtLabels({ 东城区: 'Dongcheng' });
    expect(cls?.labelExpressionInfo.expression).toContain('"Dongcheng"');
    expect(cls?.minScale).toBe(LABEL_SCALES.district.minScale);
    expect(
      districtNamesLayer({ 东城区: 'Dongcheng' }).labelingInfo[0]?.labelExpressionInfo.expression,
    ).toContain('"Dongcheng"');
  });

  it('breaks an English district name at its space: neighbours placed over everything do not run together', () => {
    const [cls] = districtLabels({ 东城区: 'Dongcheng District' });
    expect(cls?.symbol.lineWidth).toBe(DISTRICT_NAME_LINE);
    const px = (DISTRICT_NAME_LINE * 4) / 3;
    const size = cls!.symbol.font.size;
    // 'Dongcheng District' and 'Xicheng District' ran into each other at 1366 px
    expect(textWidth('Dongcheng District', size)).toBeGreaterThan(px);
    for (const part of ['Dongcheng', 'Binjiang', 'District', '东城区', '南湖区'])
      expect(textWidth(part, size)).toBeLessThanOrEqual(px);
  });

  it('draws the district names above the fault clusters, placed whatever lies under them', () => {
    const at = (n: (typeof MAP_STACK)[number]) => MAP_STACK.indexOf(n);
    expect(at('districtNames')).toBeGreaterThan(at('alertFault'));
    expect(at('districtNames')).toBeGreaterThan(at('alertOffline'));
    expect(at('alertFault')).toBeGreaterThan(at('alertOffline'));
    expect(at('overlay')).toBe(MAP_STACK.length - 1);
    // the base layers keep their own order at the bottom
    expect(MAP_STACK.slice(0, BASE_LAYER_ORDER.length)).toEqual([...BASE_LAYER_ORDER]);
    // one layer names the districts: the boundaries' own layer draws no label under the clusters
    expect(layers.districts.labelingInfo).toEqual([]);
    const names = districtNamesLayer({});
    expect(names.layerId).toBe(layers.districts.layerId);
    expect(names.labelingInfo.map((c) => c.deconflictionStrategy)).toEqual(['none']);
    // the names' layer draws nothing but its labels
    const sym = (names.renderer as { symbol: { color: number[]; outline: { color: number[] } } }).symbol;
    expect(sym.color[3]).toBe(0);
    expect(sym.outline.color[3]).toBe(0);
  });
});
