// The citizen pages' one stylesheet (phone first, 375 px and up, large touch targets), injected once:
// no CSS file to fetch on a weak network. Text reaches WCAG AA's 4.5:1 on its background (issue 17):
// the blue is antd's blue-7 (white on it 6.1:1), pending steps and badges use darker shades.
export const CSS = `
.cz{--c:#0958d9;--d:#cf1322;--g:#389e0d;--t:#1f1f1f;--m:#666;--b:#e5e6eb;box-sizing:border-box;min-height:100%;background:#f4f6f9;color:var(--t);font:16px/1.5 -apple-system,BlinkMacSystemFont,'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;-webkit-text-size-adjust:100%}
.cz *{box-sizing:border-box}
.cz-top{position:sticky;top:0;z-index:5;display:flex;align-items:center;gap:8px;height:52px;padding:0 8px;background:#fff;border-bottom:1px solid var(--b)}
.cz-top h1{flex:1;margin:0;font-size:18px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.cz-top select{height:36px;border:1px solid var(--b);border-radius:8px;background:#fff;font-size:14px}
.cz-icon{min-width:44px;height:44px;border:0;background:none;font-size:22px;color:var(--t)}
.cz-main{max-width:640px;margin:0 auto;padding:12px 12px 96px}
.cz-card{background:#fff;border-radius:12px;padding:14px;margin-bottom:12px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
.cz-card h2{margin:0 0 10px;font-size:16px}
.cz-hero{background:linear-gradient(135deg,#0958d9,#003eb3);color:#fff;border-radius:12px;padding:20px 16px;margin-bottom:12px}
.cz-hero h2{margin:0 0 6px;font-size:22px}
.cz-hero p{margin:0;opacity:.92}
.cz-btn{display:flex;align-items:center;justify-content:center;gap:8px;width:100%;min-height:48px;padding:10px 16px;border:1px solid var(--b);border-radius:10px;background:#fff;color:var(--t);font-size:16px;text-decoration:none;cursor:pointer}
.cz-btn+.cz-btn{margin-top:10px}
.cz-btn.primary{background:var(--c);border-color:var(--c);color:#fff;font-weight:600}
.cz-btn.danger{background:var(--d);border-color:var(--d);color:#fff;font-weight:600}
.cz-btn:disabled{opacity:.55}
.cz-row{display:flex;gap:8px}
.cz-row>*{flex:1}
.cz-tile{display:block;background:#fff;border:0;border-radius:12px;padding:16px;margin-bottom:12px;text-align:left;width:100%;font-size:17px;color:var(--t);box-shadow:0 1px 2px rgba(0,0,0,.04)}
.cz-tile small{display:block;color:var(--m);font-size:13px;margin-top:2px}
.cz-types{display:grid;grid-template-columns:1fr 1fr;gap:8px}
.cz-type{min-height:56px;padding:8px;border:1.5px solid var(--b);border-radius:10px;background:#fff;font-size:15px;text-align:center}
.cz-type[aria-pressed=true]{border-color:var(--c);background:#e6f4ff;color:#0958d9;font-weight:600}
.cz-type.danger{border-color:#ffccc7}
.cz-type.danger[aria-pressed=true]{border-color:var(--d);background:#fff1f0;color:var(--d)}
.cz-alert{border-radius:10px;padding:12px;margin-bottom:12px;font-size:15px}
.cz-alert.danger{background:#fff1f0;border:1px solid #ffa39e;color:#a8071a}
.cz-alert.info{background:#e6f4ff;border:1px solid #91caff;color:#0958d9}
.cz-alert.ok{background:#f6ffed;border:1px solid #b7eb8f;color:#237804}
.cz-alert.warn{background:#fffbe6;border:1px solid #ffe58f;color:#874d00}
.cz-alert strong{display:block;font-size:17px;margin-bottom:4px}
.cz-field{display:block;margin-bottom:12px}
.cz-field>span{display:block;font-size:14px;color:var(--m);margin-bottom:4px}
.cz-input{width:100%;min-height:46px;padding:10px 12px;border:1px solid var(--b);border-radius:10px;font-size:16px;background:#fff;color:var(--t)}
textarea.cz-input{min-height:96px;resize:vertical}
.cz-err{color:var(--d);font-size:14px;margin-top:4px}
.cz-kv{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:15px;margin:0}
.cz-kv dt{color:var(--m)}
.cz-kv dd{margin:0;word-break:break-all}
.cz-photos{display:flex;gap:8px;flex-wrap:wrap}
.cz-photo{position:relative;width:96px;height:96px;border-radius:8px;overflow:hidden;background:#eee}
.cz-photo img{width:100%;height:100%;object-fit:cover}
.cz-photo button{position:absolute;top:2px;right:2px;width:32px;height:32px;border:0;border-radius:16px;background:rgba(0,0,0,.55);color:#fff;font-size:18px}
.cz-photo span{position:absolute;left:0;right:0;bottom:0;background:rgba(0,0,0,.55);color:#fff;font-size:12px;text-align:center}
.cz-add{width:96px;height:96px;border:1.5px dashed #bbb;border-radius:8px;display:flex;align-items:center;justify-content:center;flex-direction:column;color:var(--m);font-size:13px;background:#fff}
.cz-add input{display:none}
.cz-steps{list-style:none;margin:0;padding:0}
.cz-steps li{position:relative;padding:0 0 16px 28px;color:#767676}
.cz-steps li::before{content:'';position:absolute;left:6px;top:6px;width:12px;height:12px;border-radius:6px;background:#d9d9d9}
.cz-steps li::after{content:'';position:absolute;left:11px;top:20px;bottom:0;width:2px;background:#e8e8e8}
.cz-steps li:last-child::after{display:none}
.cz-steps li.done{color:var(--t)}
.cz-steps li.done::before{background:var(--g)}
.cz-steps li small{display:block;color:var(--m)}
.cz-list{list-style:none;margin:0;padding:0}
.cz-list li{border-bottom:1px solid var(--b)}
.cz-list li:last-child{border-bottom:0}
.cz-list button{display:block;width:100%;padding:12px 0;border:0;background:none;text-align:left;font-size:15px;color:var(--t)}
.cz-list small{color:var(--m)}
.cz-badge{display:inline-block;padding:0 8px;border-radius:10px;font-size:12px;line-height:20px;background:#f0f0f0;color:var(--m);margin-left:6px}
.cz-badge.received,.cz-badge.pending{background:#fff7e6;color:#ad4e00}
.cz-badge.dispatched,.cz-badge.inProgress{background:#e6f4ff;color:#0958d9}
.cz-badge.fixed,.cz-badge.verified,.cz-badge.replied{background:#f6ffed;color:#237804}
.cz-video{position:relative;width:100%;aspect-ratio:3/4;background:#000;border-radius:12px;overflow:hidden}
.cz-video video{width:100%;height:100%;object-fit:cover}
.cz-video i{position:absolute;inset:18%;border:3px solid rgba(255,255,255,.85);border-radius:12px}
.cz-bubble{max-width:85%;padding:10px 12px;border-radius:12px;margin:8px 0;white-space:pre-wrap;word-break:break-word}
.cz-bubble.staff{background:#e6f4ff}
.cz-bubble.citizen{background:#f6ffed;margin-left:auto}
.cz-bubble small{display:block;color:var(--m);font-size:12px}
.cz-ref{font-size:24px;font-weight:700;letter-spacing:1px;margin:4px 0 8px;word-break:break-all}
.cz-code{display:flex;gap:8px;align-items:center}
.cz-code img{height:46px;border-radius:8px;border:1px solid var(--b);background:#f5f7fa}
.cz-stars button{border:0;background:none;font-size:28px;min-width:44px;color:#767676}
.cz-stars button.on{color:#ad6800}
.cz-muted{color:var(--m);font-size:14px}
.cz-plan{display:block;width:100%;aspect-ratio:1;background:#eef2f6;border-radius:12px;touch-action:manipulation;cursor:crosshair}
.cz-plan path{fill:none;vector-effect:non-scaling-stroke;stroke-linecap:round}
.cz-plan .cz-plan-district{fill:#fff;stroke:#9fb3c8;stroke-width:1.5}
.cz-plan .cz-plan-main{stroke:#f0b429;stroke-width:4}
.cz-plan .cz-plan-side{stroke:#c9d2dc;stroke-width:2}
.cz-plan text{text-anchor:middle;pointer-events:none}
.cz-plan .cz-plan-label{fill:#334;paint-order:stroke;stroke:#fff;stroke-width:.12em}
.cz-plan .cz-plan-light{fill:var(--c);stroke:#fff;vector-effect:non-scaling-stroke;stroke-width:2;cursor:pointer}
.cz-plan .cz-plan-light-n{fill:#fff;font-weight:600}
.cz-plan .cz-plan-pin{fill:var(--d);stroke:#fff;vector-effect:non-scaling-stroke;stroke-width:2}
`;

let injected = false;
export function injectStyles(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  if (document.getElementById('cz-style')) return;
  const s = document.createElement('style');
  s.id = 'cz-style';
  s.textContent = CSS;
  document.head.appendChild(s);
}
