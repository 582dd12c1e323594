// A spinner that needs no UI library (used before the console chunk has loaded).
export function Loading() {
  return (
    <div
      style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      aria-busy="true"
    >
      <style>{'@keyframes lighting-spin{to{transform:rotate(360deg)}}'}</style>
      <div
        style={{
          width: 32,
          height: 32,
          border: '3px solid #d6e4ff',
          borderTopColor: '#1890ff',
          borderRadius: '50%',
          animation: 'lighting-spin .8s linear infinite',
        }}
      />
    </div>
  );
}
