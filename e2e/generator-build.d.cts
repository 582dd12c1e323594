// Types of generator-build.cjs (the generated remote's offline build, for the e2e test and the bench).
export declare const ROOT: string;
export declare function scratchWorkspace(): string;
export declare function unzip(buffer: Buffer, dir: string): Promise<string>;
export declare function linkDependencies(dir: string): string[];
export declare function typecheck(dir: string): string;
export declare function unitTest(dir: string): string;
export declare function build(dir: string): string;
export declare function lint(workspace: string, folder: string): void;
export declare function startScratchServer(
  ws: string,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }>;
export declare function register(ws: string, remote: { name: string; entry: string; routes: string[] }): void;
