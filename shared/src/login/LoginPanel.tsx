// The one sign-in form (spec §3 login form, §5 login texts), used by the host's /login and by
// every remote's standalone (kiosk) app. Deliberately built without antd: the sign-in page must
// load little (the antd singleton arrives with the console after sign-in).
import {
  useState,
  type CSSProperties,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/store';
import { applyCall, loginConfigCall } from '../session/api';
import { getConfig } from '../config/runtime';
import { platformTitleIn } from '../i18n';
import { validate } from '../core/validators';
import { subAccountLogin } from './subAccount';

type Mode = 'account' | 'sub' | 'apply';

const S: Record<string, CSSProperties> = {
  page: {
    minHeight: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: 'linear-gradient(135deg, #0b1f3a 0%, #12325e 60%, #1890ff 100%)',
    fontFamily: 'inherit',
  },
  card: {
    width: 380,
    maxWidth: '92vw',
    background: '#fff',
    borderRadius: 8,
    padding: '32px 32px 24px',
    boxShadow: '0 8px 32px rgba(0,0,0,.25)',
  },
  title: { margin: '0 0 20px', fontSize: 22, fontWeight: 600, textAlign: 'center', color: '#1f1f1f' },
  tabs: { display: 'flex', gap: 24, borderBottom: '1px solid #f0f0f0', marginBottom: 20 },
  tab: { background: 'none', border: 0, padding: '8px 0', cursor: 'pointer', fontSize: 14, color: '#595959' },
  tabActive: { color: '#1476d1', borderBottom: '2px solid #1476d1' },
  field: { marginBottom: 16 },
  input: {
    width: '100%',
    boxSizing: 'border-box',
    height: 40,
    padding: '0 12px',
    border: '1px solid #d9d9d9',
    borderRadius: 6,
    fontSize: 14,
    outline: 'none',
  },
  invalid: { borderColor: '#cf1322' },
  help: { color: '#cf1322', fontSize: 12, marginTop: 4 },
  row: { display: 'flex', gap: 8 },
  code: {
    height: 40,
    border: '1px solid #d9d9d9',
    borderRadius: 6,
    cursor: 'pointer',
    background: '#fafafa',
  },
  button: {
    width: '100%',
    height: 40,
    border: 0,
    borderRadius: 6,
    // the platform colour #1890ff darkened to read at 4.5:1 with white text (core/colour.ts readableShade)
    background: '#1476d1',
    color: '#fff',
    fontSize: 16,
    cursor: 'pointer',
  },
  error: {
    background: '#fff2f0',
    border: '1px solid #ffccc7',
    color: '#cf1322',
    borderRadius: 6,
    padding: '8px 12px',
    marginBottom: 16,
    fontSize: 14,
  },
};

interface Props {
  title?: string;
  /** Shown above the form (e.g. why the session ended). */
  notice?: string | null;
  onSuccess: () => void;
  footer?: ReactNode;
}

export function LoginPanel({ title, notice, onSuccess, footer }: Props) {
  const { t, i18n } = useTranslation();
  const login = useSession((s) => s.login);
  const loading = useSession((s) => s.loginLoading);
  const [mode, setMode] = useState<Mode>('account');
  const [values, setValues] = useState({
    account: '',
    mobile: '',
    subAccount: '',
    password: '',
    code: '',
    companyName: '',
    contact: '',
  });
  const [applied, setApplied] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [needCode, setNeedCode] = useState(false);
  const [timestamp, setTimestamp] = useState(() => String(Date.now()));

  const set = (k: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));
  const refreshCode = () => setTimestamp(String(Date.now()));

  const checkNeedCode = async (account: string) => {
    if (!account.trim()) return;
    try {
      setNeedCode((await loginConfigCall(account.trim())).data.needCode);
    } catch {
      /* the server said why; sign-in will say again */
    }
  };

  const check = (): Record<string, string> => {
    const e: Record<string, string> = {};
    if (mode === 'apply') {
      e.companyName = values.companyName.trim()
        ? (validate('fullName', values.companyName.trim()) ?? '')
        : t('companyPlaceholder');
      e.contact = values.contact.trim()
        ? (validate('fullName', values.contact.trim()) ?? '')
        : t('contactPlaceholder');
      e.mobile = values.mobile ? (validate('mobile', values.mobile) ?? '') : t('mobilePlaceholder');
      if (!values.code.trim()) e.code = t('codePlaceholder');
      return Object.fromEntries(Object.entries(e).filter(([, m]) => m));
    }
    if (mode === 'account') {
      if (!values.account.trim()) e.account = t('accountPlaceholder');
    } else {
      e.mobile = values.mobile ? (validate('mobile', values.mobile) ?? '') : t('mobilePlaceholder');
      e.subAccount = values.subAccount
        ? (validate('account', values.subAccount) ?? '')
        : t('accountPlaceholder');
    }
    if (!values.password) e.password = t('passwordPlaceholder');
    if (needCode && !values.code.trim()) e.code = t('codePlaceholder');
    return Object.fromEntries(Object.entries(e).filter(([, m]) => m));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e = check();
    setErrors(e);
    if (Object.keys(e).length) return;
    setServerError(null);
    if (mode === 'apply') {
      try {
        const res = await applyCall({
          companyName: values.companyName.trim(),
          contact: values.contact.trim(),
          mobile: values.mobile.trim(),
          code: values.code.trim(),
          timestamp,
        });
        setApplied(res.msg);
        setValues((v) => ({ ...v, companyName: '', contact: '', mobile: '', code: '' }));
      } catch (err) {
        setServerError(err instanceof Error ? err.message : String(err));
      }
      refreshCode();
      return;
    }
    const account = mode === 'sub' ? subAccountLogin(values.mobile, values.subAccount) : values.account;
    try {
      await login({
        account,
        password: values.password,
        code: needCode ? values.code : undefined,
        timestamp,
      });
      onSuccess();
    } catch (err) {
      const data = (err as { data?: { needCode?: boolean } }).data;
      if (data?.needCode) setNeedCode(true);
      setServerError(err instanceof Error ? err.message : String(err));
      refreshCode();
      setValues((v) => ({ ...v, code: '' }));
    }
  };

  const input = (
    k: keyof typeof values,
    placeholder: string,
    extra: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <div style={S.field}>
      <input
        style={{ ...S.input, ...(errors[k] ? S.invalid : {}) }}
        value={values[k]}
        onChange={set(k)}
        placeholder={placeholder}
        aria-label={placeholder}
        aria-invalid={Boolean(errors[k])}
        data-testid={`login-${k === 'subAccount' ? 'subaccount' : k}`}
        {...extra}
      />
      {errors[k] && <div style={S.help}>{errors[k]}</div>}
    </div>
  );

  return (
    <div style={S.page}>
      <form style={S.card} onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
        <h1 style={S.title}>{title ?? platformTitleIn(i18n.language)}</h1>
        <div style={S.tabs} role="tablist">
          {(['account', 'sub', 'apply'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              style={{ ...S.tab, ...(mode === m ? S.tabActive : {}) }}
              onClick={() => (setMode(m), setErrors({}), setServerError(null), setApplied(null))}
              data-testid={`login-tab-${m}`}
            >
              {m === 'account' ? t('accountLogin') : m === 'sub' ? t('subAccountLogin') : t('applyAccount')}
            </button>
          ))}
        </div>
        {(notice || serverError) && (
          <div style={S.error} role="alert" data-testid="login-error">
            {serverError ?? notice}
          </div>
        )}
        {applied && (
          <div style={S.success} role="status" data-testid="apply-success">
            {applied}
          </div>
        )}
        {mode === 'account' &&
          input('account', t('accountPlaceholder'), {
            autoComplete: 'username',
            onBlur: (e) => void checkNeedCode(e.target.value),
          })}
        {mode === 'sub' && (
          <>
            {input('mobile', t('mobilePlaceholder'), { inputMode: 'tel' })}
            {input('subAccount', t('account'))}
          </>
        )}
        {mode === 'apply' && (
          <>
            {input('companyName', t('companyPlaceholder'), { autoComplete: 'organization' })}
            {input('contact', t('contactPlaceholder'), { autoComplete: 'name' })}
            {input('mobile', t('mobilePlaceholder'), { inputMode: 'tel', autoComplete: 'tel' })}
          </>
        )}
        {mode !== 'apply' &&
          input('password', t('passwordPlaceholder'), { type: 'password', autoComplete: 'current-password' })}
        {(needCode || mode === 'apply') && (
          <div style={{ ...S.field, ...S.row }}>
            <div style={{ flex: 1 }}>{input('code', t('codePlaceholder'), { autoComplete: 'off' })}</div>
            <img
              src={`${getConfig().apiBase}/oauth/ImageCode/${timestamp}`}
              alt={t('codePlaceholder')}
              title={t('refreshCode')}
              onClick={refreshCode}
              style={S.code}
              data-testid="login-code-image"
            />
          </div>
        )}
        <button
          type="submit"
          style={{ ...S.button, opacity: loading ? 0.7 : 1 }}
          disabled={loading}
          data-testid="login-submit"
        >
          {loading ? t('loading') : mode === 'apply' ? t('submitApply') : t('signIn')}
        </button>
        {footer}
      </form>
    </div>
  );
}
