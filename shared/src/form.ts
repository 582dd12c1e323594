// '@lighting/shared/form' — the low-code form renderer (FormRenderer, FormPopup) for the low-code,
// workflow and map remotes. Its own shared entry, so the sign-in page and /home never download it.
export * from './form/index';
