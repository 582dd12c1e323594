// '@lighting/shared/login' — the one sign-in form (React only, no antd). Its own entry so that
// signed-in pages do not download it (nor the validators and expression tokenizer it checks with).
export * from './login/LoginPanel';
