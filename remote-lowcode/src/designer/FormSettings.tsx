// The form's own settings: label position and width, size, how it opens (a dialog, full screen or
// a drawer) and how wide, and the buttons' texts.
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import type { FormData, PopupType } from '@lighting/shared/formcore';
import { useDesign } from './context';
import { NumberInput, Prop, TextInput } from './parts';

const WIDTH_KEY: Readonly<Record<PopupType, 'generalWidth' | 'fullScreenWidth' | 'drawerWidth'>> = {
  general: 'generalWidth',
  fullScreen: 'fullScreenWidth',
  drawer: 'drawerWidth',
};

export function FormSettings() {
  const { state, dispatch } = useDesign();
  const { t } = useTranslation('lowcode');
  const f = state.form;
  const set = (patch: Partial<Omit<FormData, 'fields'>>, coalesce?: string) =>
    dispatch({ type: 'settings', patch, coalesce });
  const popup = f.popupType ?? 'general';
  const widthKey = WIDTH_KEY[popup];
  return (
    <div style={{ padding: '8px 12px' }} data-testid="form-settings">
      <Prop label={t('labelPosition')}>
        <Radio.Group
          size="small"
          optionType="button"
          value={f.labelPosition ?? 'right'}
          onChange={(e) => set({ labelPosition: e.target.value as FormData['labelPosition'] })}
          options={[
            { value: 'left', label: t('left') },
            { value: 'right', label: t('right') },
            { value: 'top', label: t('top') },
          ]}
          data-testid="setting-labelPosition"
        />
      </Prop>
      <Prop label={t('labelWidth')}>
        <NumberInput
          value={f.labelWidth ?? 100}
          min={40}
          max={400}
          precision={0}
          onChange={(v) => set({ labelWidth: v ?? 100 }, 'labelWidth')}
          testId="setting-labelWidth"
        />
      </Prop>
      <Prop label={t('size')}>
        <Radio.Group
          size="small"
          optionType="button"
          value={f.size ?? 'middle'}
          onChange={(e) => set({ size: e.target.value as FormData['size'] })}
          options={[
            { value: 'large', label: t('sizes.large') },
            { value: 'middle', label: t('sizes.middle') },
            { value: 'small', label: t('sizes.small') },
          ]}
        />
      </Prop>
      <Prop label={t('popupType')}>
        <Radio.Group
          size="small"
          optionType="button"
          value={popup}
          onChange={(e) => set({ popupType: e.target.value as PopupType })}
          options={[
            { value: 'general', label: t('popup.general') },
            { value: 'fullScreen', label: t('popup.fullScreen') },
            { value: 'drawer', label: t('popup.drawer') },
          ]}
          data-testid="setting-popupType"
        />
      </Prop>
      <Prop label={t('popupWidth')}>
        <TextInput
          value={f[widthKey] ?? ''}
          placeholder={popup === 'fullScreen' ? '100%' : '600px'}
          onChange={(v) => set({ [widthKey]: v }, widthKey)}
          testId="setting-popupWidth"
          maxLength={20}
        />
      </Prop>
      <Prop label={t('confirmText')}>
        <TextInput
          value={f.confirmButtonText ?? ''}
          onChange={(v) => set({ confirmButtonText: v }, 'confirm')}
          testId="setting-confirmText"
          maxLength={20}
        />
      </Prop>
      <Prop label={t('cancelText')}>
        <TextInput
          value={f.cancelButtonText ?? ''}
          onChange={(v) => set({ cancelButtonText: v }, 'cancel')}
          testId="setting-cancelText"
          maxLength={20}
        />
      </Prop>
    </div>
  );
}
