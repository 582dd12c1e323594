// A drawer inside the map page, beside the map: no mask (the map stays usable), its content made
// when opened and dropped when closed, and rendered in the page (whose root is position: relative),
// not into document.body. The console keeps a tab's page alive but hidden while another tab shows;
// a drawer in the body stayed on screen over the next page.
import Drawer, { type DrawerProps } from 'antd/es/drawer';

export function PanelDrawer(props: DrawerProps) {
  return (
    <Drawer
      mask={false}
      destroyOnHidden
      {...props}
      getContainer={false}
      rootStyle={{ position: 'absolute', ...props.rootStyle }}
    />
  );
}
