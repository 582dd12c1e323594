import { frameSandbox } from '@lighting/shared';

/**
 * Menu type 7 with linkTarget _self: the link shown in an embedded frame inside the layout. The
 * server stores only safe links (http(s), mailto, tel, our own paths); the sandbox is the second
 * line (frameSandbox): never same-origin, so a framed page cannot reach the console; an external
 * page may run its scripts and forms in an opaque origin, a path of ours is shown without scripts;
 * neither may navigate the console, open downloads or dialogs on its own, and it gets no referrer.
 */
export function FramePage({ src, title }: { src: string; title: string }) {
  return (
    <iframe
      src={src}
      title={title}
      sandbox={frameSandbox(src)}
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: '100%', minHeight: 600, border: 0 }}
      data-testid="menu-frame"
    />
  );
}
