package plantstoremock_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	plantstoremock "github.com/plantstore-mock/plantstore-mock/modules/go"
	"github.com/testcontainers/testcontainers-go"
)

// The tests drive the image built from the repository's Dockerfile through a real container runtime:
// PLANTSTORE_TEST_IMAGE, else plantstore-mock:test, built here when the runtime lacks it (CI builds it
// once for all four languages). Without a runtime they are skipped, except with CI set.

var (
	repo      = filepath.Join("..", "..")
	fixtures  = filepath.Join(repo, "test", "container", "fixtures")
	image     = "plantstore-mock:test"
	noRuntime string
)

func TestMain(m *testing.M) {
	if name := os.Getenv("PLANTSTORE_TEST_IMAGE"); name != "" {
		image = name
	}
	if dockerHost, ok := findRuntime(); ok {
		if err := ensureImage(dockerHost); err != nil {
			fmt.Fprintln(os.Stderr, "building the image:", err)
			os.Exit(1)
		}
	} else {
		noRuntime = "no Docker-compatible runtime answers; run scripts/container-runtime.sh (as root) or set DOCKER_HOST"
		if ci := os.Getenv("CI"); ci != "" && ci != "0" && ci != "false" {
			fmt.Fprintln(os.Stderr, "CI needs a container runtime:", noRuntime)
			os.Exit(1)
		}
	}
	code := m.Run()
	if shared != nil {
		_ = testcontainers.TerminateContainer(shared)
	}
	os.Exit(code)
}

var (
	shared     *plantstoremock.Container
	sharedOnce sync.Once
	sharedErr  error
)

// startMock gives the tests one container of the image, started on first use and stopped after them all.
func startMock(t *testing.T) *plantstoremock.Container {
	t.Helper()
	sharedOnce.Do(func() { shared, sharedErr = plantstoremock.Run(context.Background(), image) })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return shared
}

// run starts a container of its own for one test, stopped when the test ends.
func run(t *testing.T, opts ...testcontainers.ContainerCustomizer) *plantstoremock.Container {
	t.Helper()
	mock, err := plantstoremock.Run(context.Background(), image, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = testcontainers.TerminateContainer(mock) })
	return mock
}

func needsRuntime(t *testing.T) {
	t.Helper()
	if noRuntime != "" {
		t.Skip(noRuntime)
	}
}

// findRuntime sets what Testcontainers reads, as the Node tests do: DOCKER_HOST, Ryuk off (its image comes
// from a registry; the tests stop their own containers) and 127.0.0.1 as the host of mapped ports.
func findRuntime() (string, bool) {
	candidates := []string{"unix:///var/run/docker.sock", "unix:///run/podman/podman.sock"}
	if host := os.Getenv("DOCKER_HOST"); host != "" {
		candidates = []string{host}
	}
	for _, host := range candidates {
		if !answersPing(host) {
			continue
		}
		os.Setenv("DOCKER_HOST", host)
		if os.Getenv("TESTCONTAINERS_RYUK_DISABLED") == "" {
			os.Setenv("TESTCONTAINERS_RYUK_DISABLED", "true")
		}
		if strings.HasPrefix(host, "unix://") && os.Getenv("TESTCONTAINERS_HOST_OVERRIDE") == "" {
			os.Setenv("TESTCONTAINERS_HOST_OVERRIDE", "127.0.0.1")
		}
		return host, true
	}
	return "", false
}

func answersPing(host string) bool {
	if !strings.HasPrefix(host, "unix://") {
		return strings.HasPrefix(host, "tcp://")
	}
	socket := strings.TrimPrefix(host, "unix://")
	client := &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, "unix", socket)
		},
	}}
	response, err := client.Get("http://localhost/_ping")
	if err != nil {
		return false
	}
	response.Body.Close()
	return response.StatusCode == http.StatusOK
}

func ensureImage(string) error {
	ctx := context.Background()
	provider, err := testcontainers.NewDockerProvider()
	if err != nil {
		return err
	}
	defer provider.Close()
	if _, err := provider.Client().ImageInspect(ctx, image); err == nil {
		return nil
	}
	repository, tag, found := strings.Cut(image, ":")
	if !found {
		tag = "latest"
	}
	_, err = provider.BuildImage(ctx, &testcontainers.ContainerRequest{
		FromDockerfile: testcontainers.FromDockerfile{Context: repo, Repo: repository, Tag: tag, KeepImage: true},
	})
	return err
}
