import { roadNamed, unplacedScopeRow } from './unplaced';

describe('roadNamed', () => {
  const roads = [
    { name: '解放路', district: '上城区' },
    { name: '解放路', district: '上城区' },
    { name: '解放东路', district: '江干区' },
    { name: '中山路', district: '上城区' },
    { name: '中山路', district: '下城区' },
    { name: 'Elm Street', district: 'West' },
    { name: '路', district: 'X' },
  ];

  it('finds the road an address names, with its district', () => {
    expect(roadNamed('解放路 12 号对面', roads)).toEqual({ name: '解放路', district: '上城区' });
  });
  it('prefers the longest name found', () => {
    expect(roadNamed('解放东路与秋涛路口', roads)).toEqual({ name: '解放东路', district: '江干区' });
  });
  it('gives no district when the road is in several', () => {
    expect(roadNamed('中山路 5 号', roads)).toEqual({ name: '中山路', district: '' });
  });
  it('compares letters without case', () => {
    expect(roadNamed('12 ELM STREET', roads)).toEqual({ name: 'Elm Street', district: 'West' });
  });
  it('answers null for an address naming no road (one-character names are not looked for)', () => {
    expect(roadNamed('某某小区门口的路', roads)).toBeNull();
  });
});

describe('unplacedScopeRow', () => {
  it('is a citizen fault of the category, in the hinted district, on no asset kind', () => {
    expect(unplacedScopeRow({ districtHint: '上城区' }, { typeCode: 'F01', urgency: 3 })).toEqual({
      district: '上城区',
      source: 'citizen',
      typeCode: 'F01',
      urgency: 3,
      assetKind: '',
    });
  });
});
