/**
 * The few Kubernetes object shapes the generators write, as plain data. The tests check every object against the
 * API's own schemas (`kubernetes-models`, a dev dependency), so these types only help the generators stay tidy.
 */

export interface ObjectMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
}

export interface EnvVar {
  name: string;
  value: string;
}

export interface VolumeMount {
  name: string;
  mountPath: string;
  subPath?: string;
  readOnly?: boolean;
}

export interface Container {
  name: string;
  image: string;
  imagePullPolicy?: 'Always' | 'IfNotPresent' | 'Never';
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  ports?: { name?: string; containerPort: number }[];
  resources?: { limits: Record<string, string> };
  volumeMounts?: VolumeMount[];
  /** `Always` on an init container makes it a native sidecar (Kubernetes 1.29+). */
  restartPolicy?: 'Always';
  startupProbe?: { httpGet: { path: string; port: number }; periodSeconds: number; failureThreshold: number };
}

export type Volume =
  | { name: string; configMap: { name: string } }
  | { name: string; persistentVolumeClaim: { claimName: string; readOnly?: boolean } }
  | { name: string; emptyDir: { medium: 'Memory'; sizeLimit?: string } };

export interface PodSpec {
  restartPolicy: 'Never' | 'OnFailure';
  initContainers?: Container[];
  containers: Container[];
  volumes: Volume[];
}

export interface ConfigMap {
  apiVersion: 'v1';
  kind: 'ConfigMap';
  metadata: ObjectMeta;
  data: Record<string, string>;
}

export interface PodFailurePolicyRule {
  action: 'FailIndex' | 'Ignore' | 'FailJob' | 'Count';
  onExitCodes?: { containerName: string; operator: 'In' | 'NotIn'; values: number[] };
  onPodConditions?: { type: string; status?: string }[];
}

export interface Job {
  apiVersion: 'batch/v1';
  kind: 'Job';
  metadata: ObjectMeta;
  spec: {
    completionMode?: 'Indexed' | 'NonIndexed';
    completions?: number;
    parallelism?: number;
    backoffLimit?: number;
    backoffLimitPerIndex?: number;
    podFailurePolicy?: { rules: PodFailurePolicyRule[] };
    template: { metadata?: { labels?: Record<string, string> }; spec: PodSpec };
  };
}
