export { REPO_IDS, datasetFor, type RepoId, type Dataset } from './datasets.ts';
export { startDataService, SERVICE_MODES, CHECK_HEADER, FORBIDDEN_MESSAGE, type DataService, type DataRun, type ServiceMode } from './data-service.ts';
