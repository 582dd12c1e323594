import { compareText } from './collate';

describe('compareText', () => {
  it('orders Chinese names by pinyin, not by code point', () => {
    // code-point order would be 张 (U+5F20), 李 (U+674E), 王 (U+738B), 陈 (U+9648)
    expect(['张建国', '王海涛', '陈明', '李志强'].sort(compareText)).toEqual([
      '陈明',
      '李志强',
      '王海涛',
      '张建国',
    ]);
  });

  it('orders digits by value and ignores case; Chinese before Latin, as Chinese collation does', () => {
    expect(['抢修10队', 'b', '抢修2队', 'A'].sort(compareText)).toEqual(['抢修2队', '抢修10队', 'A', 'b']);
  });
});
