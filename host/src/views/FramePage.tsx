/** Menu type 7 with linkTarget _self: the link shown in an embedded frame inside the layout. */
export function FramePage({ src, title }: { src: string; title: string }) {
  return (
    <iframe
      src={src}
      title={title}
      style={{ width: '100%', height: '100%', minHeight: 600, border: 0 }}
      data-testid="menu-frame"
    />
  );
}
