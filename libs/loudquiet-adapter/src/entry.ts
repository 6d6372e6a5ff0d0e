// The Loud/Quiet benchmark's entry for the runner's registry.
export {};
