// Command k8s-check reads rendered Kubernetes manifests (helm template's output) on stdin and decodes each
// into the Kubernetes API's own Go types, strictly: a misspelled or misplaced field, a wrong type or an
// unknown kind fails. The types are where Kubernetes' schemas are generated from, so this checks the chart
// against them without a cluster or a schema download. Exit 1 with one line per problem.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/yaml"
)

func target(apiVersion, kind string) any {
	switch apiVersion + "/" + kind {
	case "apps/v1/Deployment":
		return &appsv1.Deployment{}
	case "apps/v1/StatefulSet":
		return &appsv1.StatefulSet{}
	case "v1/Service":
		return &corev1.Service{}
	case "v1/ConfigMap":
		return &corev1.ConfigMap{}
	case "v1/Secret":
		return &corev1.Secret{}
	case "policy/v1/PodDisruptionBudget":
		return &policyv1.PodDisruptionBudget{}
	}
	return nil
}

func main() {
	input, err := io.ReadAll(bufio.NewReader(os.Stdin))
	if err != nil {
		fmt.Fprintln(os.Stderr, "k8s-check:", err)
		os.Exit(2)
	}
	problems, checked := 0, 0
	for _, doc := range bytes.Split(input, []byte("\n---")) {
		if len(bytes.TrimSpace(stripComments(doc))) == 0 {
			continue
		}
		var head struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
			Metadata   struct {
				Name string `json:"name"`
			} `json:"metadata"`
		}
		if err := yaml.Unmarshal(doc, &head); err != nil {
			fmt.Println("not YAML:", err)
			problems++
			continue
		}
		object := target(head.APIVersion, head.Kind)
		if object == nil {
			fmt.Printf("%s %s: kind not known to this check\n", head.APIVersion, head.Kind)
			problems++
			continue
		}
		if err := yaml.UnmarshalStrict(doc, object); err != nil {
			fmt.Printf("%s %s: %v\n", head.Kind, head.Metadata.Name, err)
			problems++
			continue
		}
		if d, ok := object.(*appsv1.Deployment); ok {
			for _, c := range d.Spec.Template.Spec.Containers {
				if c.Image == "" || c.Name == "" {
					fmt.Printf("Deployment %s: a container without a name or image\n", head.Metadata.Name)
					problems++
				}
			}
		}
		checked++
	}
	fmt.Printf("k8s-check: %d manifests checked, %d problems\n", checked, problems)
	if problems > 0 || checked == 0 {
		os.Exit(1)
	}
}

func stripComments(doc []byte) []byte {
	var out []string
	for _, line := range strings.Split(string(doc), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			out = append(out, line)
		}
	}
	return []byte(strings.Join(out, "\n"))
}
