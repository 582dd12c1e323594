// Image URLs of the emoji, emitted by webpack from @twemoji/svg into this remote's own dist (served by
// us: no CDN). Generated from table.ts's file names; keep the two in step (emoji.test.ts checks).

import u1f642 from '@twemoji/svg/1f642.svg';
import u1f641 from '@twemoji/svg/1f641.svg';
import u1f60d from '@twemoji/svg/1f60d.svg';
import u1f636 from '@twemoji/svg/1f636.svg';
import u1f60c from '@twemoji/svg/1f60c.svg';
import u1f622 from '@twemoji/svg/1f622.svg';
import u1f60a from '@twemoji/svg/1f60a.svg';
import u1f910 from '@twemoji/svg/1f910.svg';
import u1f634 from '@twemoji/svg/1f634.svg';
import u1f62d from '@twemoji/svg/1f62d.svg';
import u1f62c from '@twemoji/svg/1f62c.svg';
import u1f620 from '@twemoji/svg/1f620.svg';
import u1f61c from '@twemoji/svg/1f61c.svg';
import u1f601 from '@twemoji/svg/1f601.svg';
import u1f62e from '@twemoji/svg/1f62e.svg';
import u1f61e from '@twemoji/svg/1f61e.svg';
import u1f60e from '@twemoji/svg/1f60e.svg';
import u1f630 from '@twemoji/svg/1f630.svg';
import u1f629 from '@twemoji/svg/1f629.svg';
import u1f92e from '@twemoji/svg/1f92e.svg';
import u1f92d from '@twemoji/svg/1f92d.svg';
import u1f970 from '@twemoji/svg/1f970.svg';
import u1f644 from '@twemoji/svg/1f644.svg';
import u1f612 from '@twemoji/svg/1f612.svg';
import u1f924 from '@twemoji/svg/1f924.svg';
import u1f62a from '@twemoji/svg/1f62a.svg';
import u1f631 from '@twemoji/svg/1f631.svg';
import u1f613 from '@twemoji/svg/1f613.svg';
import u1f604 from '@twemoji/svg/1f604.svg';
import u1fae1 from '@twemoji/svg/1fae1.svg';
import u1f4aa from '@twemoji/svg/1f4aa.svg';
import u1f92c from '@twemoji/svg/1f92c.svg';
import u1f914 from '@twemoji/svg/1f914.svg';
import u1f92b from '@twemoji/svg/1f92b.svg';
import u1f635 from '@twemoji/svg/1f635.svg';
import u1f616 from '@twemoji/svg/1f616.svg';
import u1f625 from '@twemoji/svg/1f625.svg';
import u1f480 from '@twemoji/svg/1f480.svg';
import u1f528 from '@twemoji/svg/1f528.svg';
import u1f44b from '@twemoji/svg/1f44b.svg';
import u1f605 from '@twemoji/svg/1f605.svg';
import u1f443 from '@twemoji/svg/1f443.svg';
import u1f44f from '@twemoji/svg/1f44f.svg';
import u1f633 from '@twemoji/svg/1f633.svg';
import u1f608 from '@twemoji/svg/1f608.svg';
import u1f624 from '@twemoji/svg/1f624.svg';
import u1f621 from '@twemoji/svg/1f621.svg';
import u1f971 from '@twemoji/svg/1f971.svg';
import u1f611 from '@twemoji/svg/1f611.svg';
import u1f614 from '@twemoji/svg/1f614.svg';
import u1f979 from '@twemoji/svg/1f979.svg';
import u1f60f from '@twemoji/svg/1f60f.svg';
import u1f618 from '@twemoji/svg/1f618.svg';
import u1f628 from '@twemoji/svg/1f628.svg';
import u1f97a from '@twemoji/svg/1f97a.svg';
import u1f52a from '@twemoji/svg/1f52a.svg';
import u1f349 from '@twemoji/svg/1f349.svg';
import u1f37a from '@twemoji/svg/1f37a.svg';
import u1f3c0 from '@twemoji/svg/1f3c0.svg';
import u1f3d3 from '@twemoji/svg/1f3d3.svg';
import u2615 from '@twemoji/svg/2615.svg';
import u1f35a from '@twemoji/svg/1f35a.svg';
import u1f437 from '@twemoji/svg/1f437.svg';
import u1f339 from '@twemoji/svg/1f339.svg';
import u1f940 from '@twemoji/svg/1f940.svg';
import u1f48b from '@twemoji/svg/1f48b.svg';
import u2764 from '@twemoji/svg/2764.svg';
import u1f494 from '@twemoji/svg/1f494.svg';
import u1f382 from '@twemoji/svg/1f382.svg';
import u26a1 from '@twemoji/svg/26a1.svg';
import u1f4a3 from '@twemoji/svg/1f4a3.svg';
import u1f5e1 from '@twemoji/svg/1f5e1.svg';
import u26bd from '@twemoji/svg/26bd.svg';
import u1f41e from '@twemoji/svg/1f41e.svg';
import u1f4a9 from '@twemoji/svg/1f4a9.svg';
import u1f319 from '@twemoji/svg/1f319.svg';
import u2600 from '@twemoji/svg/2600.svg';
import u1f381 from '@twemoji/svg/1f381.svg';
import u1f917 from '@twemoji/svg/1f917.svg';
import u1f44d from '@twemoji/svg/1f44d.svg';
import u1f44e from '@twemoji/svg/1f44e.svg';
import u1f91d from '@twemoji/svg/1f91d.svg';
import u270c from '@twemoji/svg/270c.svg';
import u1f64f from '@twemoji/svg/1f64f.svg';
import u1f44a from '@twemoji/svg/1f44a.svg';
import u270a from '@twemoji/svg/270a.svg';
import u1f91f from '@twemoji/svg/1f91f.svg';
import u1f645 from '@twemoji/svg/1f645.svg';
import u1f44c from '@twemoji/svg/1f44c.svg';
import u1f491 from '@twemoji/svg/1f491.svg';
import u1f617 from '@twemoji/svg/1f617.svg';
import u1f483 from '@twemoji/svg/1f483.svg';
import u1f976 from '@twemoji/svg/1f976.svg';
import u1f92f from '@twemoji/svg/1f92f.svg';
import u1f4ab from '@twemoji/svg/1f4ab.svg';
import u1f647 from '@twemoji/svg/1f647.svg';
import u1f929 from '@twemoji/svg/1f929.svg';
import u1f602 from '@twemoji/svg/1f602.svg';
import u1f926 from '@twemoji/svg/1f926.svg';
import u1f913 from '@twemoji/svg/1f913.svg';
import u2639 from '@twemoji/svg/2639.svg';
import u1f389 from '@twemoji/svg/1f389.svg';
import u1f490 from '@twemoji/svg/1f490.svg';
import u1f525 from '@twemoji/svg/1f525.svg';
import u1f4a1 from '@twemoji/svg/1f4a1.svg';
import u1f6a8 from '@twemoji/svg/1f6a8.svg';
import u1f6a7 from '@twemoji/svg/1f6a7.svg';
import u26a0 from '@twemoji/svg/26a0.svg';
import u1f527 from '@twemoji/svg/1f527.svg';
import u1f6e0 from '@twemoji/svg/1f6e0.svg';
import u1f50b from '@twemoji/svg/1f50b.svg';
import u1f50c from '@twemoji/svg/1f50c.svg';
import u1f697 from '@twemoji/svg/1f697.svg';
import u1f69a from '@twemoji/svg/1f69a.svg';
import u1f327 from '@twemoji/svg/1f327.svg';
import u2744 from '@twemoji/svg/2744.svg';
import u1f4cd from '@twemoji/svg/1f4cd.svg';
import u1f4de from '@twemoji/svg/1f4de.svg';
import u23f0 from '@twemoji/svg/23f0.svg';
import u2705 from '@twemoji/svg/2705.svg';
import u274c from '@twemoji/svg/274c.svg';
import u1f9e7 from '@twemoji/svg/1f9e7.svg';
import u1f9cb from '@twemoji/svg/1f9cb.svg';

export const EMOJI_URLS: Readonly<Record<string, string>> = {
  '1f642': u1f642,
  '1f641': u1f641,
  '1f60d': u1f60d,
  '1f636': u1f636,
  '1f60c': u1f60c,
  '1f622': u1f622,
  '1f60a': u1f60a,
  '1f910': u1f910,
  '1f634': u1f634,
  '1f62d': u1f62d,
  '1f62c': u1f62c,
  '1f620': u1f620,
  '1f61c': u1f61c,
  '1f601': u1f601,
  '1f62e': u1f62e,
  '1f61e': u1f61e,
  '1f60e': u1f60e,
  '1f630': u1f630,
  '1f629': u1f629,
  '1f92e': u1f92e,
  '1f92d': u1f92d,
  '1f970': u1f970,
  '1f644': u1f644,
  '1f612': u1f612,
  '1f924': u1f924,
  '1f62a': u1f62a,
  '1f631': u1f631,
  '1f613': u1f613,
  '1f604': u1f604,
  '1fae1': u1fae1,
  '1f4aa': u1f4aa,
  '1f92c': u1f92c,
  '1f914': u1f914,
  '1f92b': u1f92b,
  '1f635': u1f635,
  '1f616': u1f616,
  '1f625': u1f625,
  '1f480': u1f480,
  '1f528': u1f528,
  '1f44b': u1f44b,
  '1f605': u1f605,
  '1f443': u1f443,
  '1f44f': u1f44f,
  '1f633': u1f633,
  '1f608': u1f608,
  '1f624': u1f624,
  '1f621': u1f621,
  '1f971': u1f971,
  '1f611': u1f611,
  '1f614': u1f614,
  '1f979': u1f979,
  '1f60f': u1f60f,
  '1f618': u1f618,
  '1f628': u1f628,
  '1f97a': u1f97a,
  '1f52a': u1f52a,
  '1f349': u1f349,
  '1f37a': u1f37a,
  '1f3c0': u1f3c0,
  '1f3d3': u1f3d3,
  '2615': u2615,
  '1f35a': u1f35a,
  '1f437': u1f437,
  '1f339': u1f339,
  '1f940': u1f940,
  '1f48b': u1f48b,
  '2764': u2764,
  '1f494': u1f494,
  '1f382': u1f382,
  '26a1': u26a1,
  '1f4a3': u1f4a3,
  '1f5e1': u1f5e1,
  '26bd': u26bd,
  '1f41e': u1f41e,
  '1f4a9': u1f4a9,
  '1f319': u1f319,
  '2600': u2600,
  '1f381': u1f381,
  '1f917': u1f917,
  '1f44d': u1f44d,
  '1f44e': u1f44e,
  '1f91d': u1f91d,
  '270c': u270c,
  '1f64f': u1f64f,
  '1f44a': u1f44a,
  '270a': u270a,
  '1f91f': u1f91f,
  '1f645': u1f645,
  '1f44c': u1f44c,
  '1f491': u1f491,
  '1f617': u1f617,
  '1f483': u1f483,
  '1f976': u1f976,
  '1f92f': u1f92f,
  '1f4ab': u1f4ab,
  '1f647': u1f647,
  '1f929': u1f929,
  '1f602': u1f602,
  '1f926': u1f926,
  '1f913': u1f913,
  '2639': u2639,
  '1f389': u1f389,
  '1f490': u1f490,
  '1f525': u1f525,
  '1f4a1': u1f4a1,
  '1f6a8': u1f6a8,
  '1f6a7': u1f6a7,
  '26a0': u26a0,
  '1f527': u1f527,
  '1f6e0': u1f6e0,
  '1f50b': u1f50b,
  '1f50c': u1f50c,
  '1f697': u1f697,
  '1f69a': u1f69a,
  '1f327': u1f327,
  '2744': u2744,
  '1f4cd': u1f4cd,
  '1f4de': u1f4de,
  '23f0': u23f0,
  '2705': u2705,
  '274c': u274c,
  '1f9e7': u1f9e7,
  '1f9cb': u1f9cb,
};
