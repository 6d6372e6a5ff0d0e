// The Loud/Quiet adapter's public API.
export {};
