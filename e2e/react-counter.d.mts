export declare function installReactCounter(): void;
