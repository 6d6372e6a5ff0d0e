export { AGENT_NAMES, AGENTS, isAgentName, type AgentName, type AgentSpec } from './catalog.ts';
export { agentDir, defaultCacheDir, MARKER_FILE, type InstallMarker } from './cache.ts';
export { AgentInstallError, AgentMissingError, AgentUnknownError, installCommand } from './errors.ts';
export { installAgents, type InstalledAgent, type InstallOptions, type InstallProgress } from './install.ts';
export { listAgents, type AgentStatus } from './list.ts';
export { agentSpec, locateAgent, platformTarget, readInstallMarker, runtimeNeeds, type LocatedAgent, type LocateOptions } from './locate.ts';
export { AGENT_SURFACES, proxyConnection, type AgentSurface, type ProxyConnection, type ProxyTarget } from './connect.ts';
export { openSandbox, SandboxUnavailableError } from './sandbox/open.ts';
