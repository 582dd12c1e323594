// What a control looks like on the design canvas: a light, inert likeness (a box with its
// placeholder, stars, a switch…), not the real control, so a canvas of hundreds of controls stays
// cheap and nothing on it takes focus or input. The real controls run in the preview.
import type { CSSProperties, ReactNode } from 'react';
import { Typography } from 'antd';
import Divider from 'antd/es/divider';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@lighting/shared/formcore';
import { ControlIcon } from './icons';
import { controlName } from './names';
import { controlInfo, ownText } from '@lighting/shared/formcore';

const box: CSSProperties = {
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  minHeight: 30,
  padding: '4px 11px',
  color: '#767676',
  background: '#fff',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
};

function Box({ text, suffix, height }: { text: ReactNode; suffix?: ReactNode; height?: number }) {
  return (
    <div style={{ ...box, ...(height ? { height, alignItems: 'flex-start' } : {}) }}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{text}</span>
      {suffix && <span style={{ color: '#767676' }}>{suffix}</span>}
    </div>
  );
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function FauxControl({ field }: { field: FormField }) {
  const { t, i18n } = useTranslation('lowcode');
  const key = field.__config__.jnpfKey;
  const info = controlInfo(key);
  const icon = info ? <ControlIcon name={info.icon} /> : null;
  // the designer's own texts; the generic ones in the page's language (the renderer does the same)
  const ph = ownText(field.placeholder) ?? t('placeholderDefault');
  switch (key) {
    case 'textarea':
      return <Box text={ph} height={64} />;
    case 'editor':
      return <Box text={ph} height={96} suffix={icon} />;
    case 'JNPFAmount':
      return (
        <div>
          <Box text={ph} suffix="¥" />
          {field.showChinese !== false && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('amountInWords')}
            </Typography.Text>
          )}
        </div>
      );
    case 'switch':
      return (
        <span
          style={{ display: 'inline-block', width: 40, height: 20, borderRadius: 10, background: '#bfbfbf' }}
        />
      );
    case 'radio':
    case 'checkbox': {
      const opts = field.options ?? [];
      return (
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', color: '#595959' }}>
          {opts.length === 0 && <span style={{ color: '#767676' }}>{t('noOptions')}</span>}
          {opts.slice(0, 6).map((o) => (
            <span key={String(o.id)}>
              {key === 'radio' ? '○' : '☐'} {o.fullName}
            </span>
          ))}
        </div>
      );
    }
    case 'rate':
      return <span style={{ color: '#d9d9d9', fontSize: 18 }}>{'★'.repeat(Number(field.count) || 5)}</span>;
    case 'slider':
      return <div style={{ height: 4, background: '#e8e8e8', borderRadius: 2, margin: '13px 0' }} />;
    case 'colorPicker':
      return <span style={{ display: 'inline-block', width: 30, height: 30, border: '1px solid #d9d9d9' }} />;
    case 'uploadFile':
      return <Box text={ownText(field.buttonText) ?? t('upload')} suffix={icon} />;
    case 'uploadImg':
      return (
        <div
          style={{
            width: 80,
            height: 80,
            border: '1px dashed #d9d9d9',
            display: 'grid',
            placeItems: 'center',
            color: '#767676',
            fontSize: 22,
          }}
        >
          {icon}
        </div>
      );
    case 'divider':
      return (
        <Divider
          titlePlacement={field.contentPosition === 'left' ? 'start' : 'center'}
          style={{ margin: '8px 0' }}
        >
          {str(field.content)}
        </Divider>
      );
    case 'text':
      return <div style={{ color: '#262626' }}>{str(field.content)}</div>;
    case 'groupTitle':
      return (
        <Typography.Title
          level={5}
          style={{ margin: 0, textAlign: field.contentPosition === 'center' ? 'center' : 'left' }}
        >
          {str(field.content)}
        </Typography.Title>
      );
    case 'timeRange':
    case 'dateRange':
      return (
        <Box
          text={`${ownText(field.startPlaceholder) ?? t('rangeStart')} ~ ${ownText(field.endPlaceholder) ?? t('rangeEnd')}`}
          suffix={icon}
        />
      );
    case 'calculate':
      return <Box text={t('calculated')} suffix={icon} />;
    case 'relationFormAttr':
      return <Box text={str(field.showField) || t('relationAttr')} suffix={icon} />;
    default:
      if (info?.group === 'system' || key === 'billRule')
        return <Box text={ownText(field.placeholder) ?? t('autoFilled')} suffix={icon} />;
      return <Box text={ph} suffix={icon ?? controlName(key, i18n.language)} />;
  }
}
