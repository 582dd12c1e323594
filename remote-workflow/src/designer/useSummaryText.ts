// A node card's line in words (the designer's cards and the task page's chart): logic/summary's
// key and parameters translated, the duration of a timer in the caller's units.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { durationParts, type ConditionWords, type Summary } from '../logic/summary';
import '../i18n';

export function useSummaryText(): { words: ConditionWords; say: (s: Summary | null) => string | null } {
  const { t } = useTranslation('workflow');
  const words = useMemo(
    () => ({ and: t('and'), or: t('or'), yes: t('yes'), no: t('no'), sep: t('listSep') }),
    [t],
  );
  const say = useCallback(
    (s: Summary | null): string | null => {
      if (!s) return null;
      if (s.key === 'timerAfter') {
        const text = durationParts(s.params ?? {})
          .map(([u, n]) => t(`unit_${u}`, { count: n }))
          .join('');
        return t('timerAfter', { text });
      }
      return t(s.key, { ...s.params, interpolation: { escapeValue: false } });
    },
    [t],
  );
  return { words, say };
}
