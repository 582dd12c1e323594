// Images imported by URL (webpack asset modules emit them into this remote's dist).
declare module '*.svg' {
  const url: string;
  export default url;
}
