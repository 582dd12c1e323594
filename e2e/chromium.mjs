// How tests and the bench launch Chromium here: the OS's browser (Playwright cannot download its
// own), with the flags that work as root on a machine without network. SwiftShader gives the page
// WebGL2 without a GPU (@arcgis/core's MapView needs it; environment.md).
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
  ],
};
