{{- define "plantstore-mock.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "plantstore-mock.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "plantstore-mock.labels" -}}
app.kubernetes.io/name: {{ include "plantstore-mock.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "plantstore-mock.selector" -}}
app.kubernetes.io/name: {{ include "plantstore-mock.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: mock
{{- end -}}

{{/* The store the replicas use: the external URL, else the chart's Valkey; empty: none (memory). */}}
{{- define "plantstore-mock.storeUrl" -}}
{{- if .Values.store.url -}}
{{- .Values.store.url -}}
{{- else if .Values.valkey.enabled -}}
{{- printf "redis://%s-valkey:6379/0" (include "plantstore-mock.fullname" .) -}}
{{- end -}}
{{- end -}}
