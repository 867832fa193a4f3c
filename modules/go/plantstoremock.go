// Package plantstoremock is a Testcontainers for Go module for plantstore-mock, the contract-faithful mock
// server of any OpenAPI document: start its image from a test, steer it per session (X-Mock-Session), and
// ask its journal and contract coverage.
package plantstoremock

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/testcontainers/testcontainers-go"
)

const (
	// DefaultImage is the tag `docker build -t plantstore-mock .` gives the image.
	DefaultImage = "plantstore-mock:latest"
	// MockPort is the port the image listens on inside the container.
	MockPort = 4010
	mockPort = "4010/tcp"
	// Where the image reads a copied-in document, scenario files and seed data.
	SpecDir      = "/spec"
	ScenariosDir = "/scenarios"
	DataDir      = "/data"
	OverlaysDir  = "/overlays"
	envPrefix    = "PLANTSTORE_MOCK_"
	logLines     = 30
	// StartupTimeout bounds the wait for GET /__mock/health.
	StartupTimeout = 60 * time.Second
)

// Container is a running plantstore-mock: where to send requests, and its /__mock/ admin API.
type Container struct {
	*testcontainers.DockerContainer
	baseURL    string
	adminToken string
	http       *http.Client
	// transport trusts the CA of a mock started WithTLS; sessions send through it too.
	transport     http.RoundTripper
	caCertificate string
}

// Run starts the image (DefaultImage when img is "") with the options, and waits until GET /__mock/health
// answers 200. On failure it returns a *StartError naming the cause, with the container's last log lines,
// and removes the container; a bad option (a missing file, say) is returned before anything starts.
func Run(ctx context.Context, img string, opts ...testcontainers.ContainerCustomizer) (*Container, error) {
	if img == "" {
		img = DefaultImage
	}
	request := testcontainers.GenericContainerRequest{
		ContainerRequest: testcontainers.ContainerRequest{
			Image:        img,
			ExposedPorts: []string{mockPort},
			Env:          map[string]string{},
			WaitingFor:   healthStrategy{timeout: StartupTimeout},
		},
		Started: true,
	}
	for _, opt := range opts {
		if err := opt.Customize(&request); err != nil {
			return nil, err
		}
	}
	if strategy, ours := request.WaitingFor.(healthStrategy); ours {
		strategy.tls = servesTLS(&request)
		request.WaitingFor = strategy
	}
	started, err := testcontainers.GenericContainer(ctx, request)
	if err != nil {
		startError := &StartError{Image: img, Cause: err}
		if started != nil {
			startError.Logs = lastLogs(context.WithoutCancel(ctx), started)
			_ = testcontainers.TerminateContainer(started)
		}
		return nil, startError
	}
	docker, ok := started.(*testcontainers.DockerContainer)
	if !ok {
		_ = testcontainers.TerminateContainer(started)
		return nil, &StartError{Image: img, Cause: fmt.Errorf("unexpected container type %T", started)}
	}
	host, err := docker.Host(ctx)
	if err == nil {
		var port string
		if mapped, portErr := docker.MappedPort(ctx, mockPort); portErr == nil {
			port = mapped.Port()
		} else {
			err = portErr
		}
		var pem string
		transport := http.DefaultTransport
		if err == nil && servesTLS(&request) {
			var roots *x509.CertPool
			if pem, roots, err = readCACertificate(ctx, docker); err == nil {
				transport = trustingTransport(roots)
			}
		}
		if err == nil {
			return &Container{
				DockerContainer: docker,
				baseURL:         schemeOf(pem) + "://" + net.JoinHostPort(host, port),
				adminToken:      request.Env[envPrefix+"ADMIN_TOKEN"],
				http:            &http.Client{Timeout: 30 * time.Second, Transport: transport},
				transport:       transport,
				caCertificate:   pem,
			}, nil
		}
	}
	startError := &StartError{Image: img, Cause: err, Logs: lastLogs(context.WithoutCancel(ctx), docker)}
	_ = testcontainers.TerminateContainer(docker)
	return nil, startError
}

// BaseURL is the mock as the test sees it, e.g. http://127.0.0.1:32768 (https WithTLS).
func (c *Container) BaseURL() string { return c.baseURL }

// LastLogs returns the container's last log lines.
func (c *Container) LastLogs(ctx context.Context) string { return lastLogs(ctx, c.DockerContainer) }

func lastLogs(ctx context.Context, container testcontainers.Container) string {
	reader, err := container.Logs(ctx)
	if err != nil {
		return ""
	}
	defer reader.Close()
	all, _ := io.ReadAll(reader)
	lines := strings.Split(strings.TrimRight(string(all), "\n"), "\n")
	if len(lines) > logLines {
		lines = lines[len(lines)-logLines:]
	}
	return strings.Join(lines, "\n")
}

// Admin calls an admin endpoint (/__mock/PATH, the query included) with a JSON body (nil for none) and
// decodes its JSON answer into out (nil to ignore it). An error status is an *AdminError.
func (c *Container) Admin(ctx context.Context, method, path string, body, out any) error {
	var reader io.Reader
	if body != nil {
		encoded, err := json.Marshal(body)
		if err != nil {
			return err
		}
		reader = bytes.NewReader(encoded)
	}
	request, err := http.NewRequestWithContext(ctx, method, c.baseURL+"/__mock/"+strings.TrimLeft(path, "/"), reader)
	if err != nil {
		return err
	}
	request.Header.Set("Accept", "application/json")
	if body != nil {
		request.Header.Set("Content-Type", "application/json")
	}
	if c.adminToken != "" {
		request.Header.Set("Authorization", "Bearer "+c.adminToken)
	}
	response, err := c.http.Do(request)
	if err != nil {
		return err
	}
	defer response.Body.Close()
	text, err := io.ReadAll(response.Body)
	if err != nil {
		return err
	}
	if response.StatusCode >= 400 {
		var problem struct {
			Message string `json:"message"`
		}
		if json.Unmarshal(text, &problem) != nil || problem.Message == "" {
			problem.Message = string(text)
		}
		return &AdminError{Method: method, Path: path, Status: response.StatusCode, Message: problem.Message, Logs: c.LastLogs(ctx)}
	}
	if out == nil || len(text) == 0 {
		return nil
	}
	return json.Unmarshal(text, out)
}

// Health is what GET /__mock/health answers while the mock serves.
type Health struct {
	Status  string `json:"status"`
	Spec    string `json:"spec"`
	Version string `json:"version"`
}

func (c *Container) Health(ctx context.Context) (Health, error) {
	var health Health
	return health, c.Admin(ctx, http.MethodGet, "health", nil, &health)
}

// Scenarios is what GET /__mock/scenarios answers: the scenarios the mock knows and the active one.
type Scenarios struct {
	Scenarios []struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	} `json:"scenarios"`
	Active *string `json:"active"`
}

func (c *Container) Scenarios(ctx context.Context) (Scenarios, error) {
	var scenarios Scenarios
	return scenarios, c.Admin(ctx, http.MethodGet, "scenarios", nil, &scenarios)
}

// Coverage is the contract coverage report of every request, or of one session when session is not "".
func (c *Container) Coverage(ctx context.Context, session string) (CoverageReport, error) {
	path := "coverage"
	if session != "" {
		path += "?" + url.Values{"session": {session}}.Encode()
	}
	var report CoverageReport
	return report, c.Admin(ctx, http.MethodGet, path, nil, &report)
}

// Drift is GET /__mock/drift: where the real service's answers (WithProxy) broke the document, per
// operation, of every request or of one session when session is not "".
func (c *Container) Drift(ctx context.Context, session string) (DriftReport, error) {
	path := "drift"
	if session != "" {
		path += "?" + url.Values{"session": {session}}.Encode()
	}
	var report DriftReport
	return report, c.Admin(ctx, http.MethodGet, path, nil, &report)
}

// CoverageGate is the coverage gate's verdict (the CLI's `coverage --min N --no-violations`).
func (c *Container) CoverageGate(ctx context.Context, session string, gate Gate) (GateVerdict, error) {
	report, err := c.Coverage(ctx, session)
	if err != nil {
		return GateVerdict{}, err
	}
	return CheckGate(report, gate), nil
}
