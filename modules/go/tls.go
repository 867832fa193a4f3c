package plantstoremock

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/testcontainers/testcontainers-go"
)

// TLSCAFile is where WithTLS has the server write its generated CA (--tls-ca-file), for the module to copy out.
const TLSCAFile = "/tmp/plantstore-mock-ca.pem"

// WithTLS serves HTTPS (and HTTP/2) with a certificate made at start: BaseURL is https, CACertificate the CA
// to trust, and the module's own clients (Admin, sessions, HTTPClient) trust it. Run waits for health over HTTPS.
func WithTLS() testcontainers.CustomizeRequestOption {
	return option(func(request *testcontainers.GenericContainerRequest) error {
		setEnv(request, "tls", "true")
		setEnv(request, "tls-ca-file", TLSCAFile)
		return nil
	})
}

func servesTLS(request *testcontainers.GenericContainerRequest) bool {
	return request.Env[envPrefix+"TLS"] == "true"
}

// readCACertificate copies the CA out of the container: the server wrote it before it served.
func readCACertificate(ctx context.Context, container *testcontainers.DockerContainer) (string, *x509.CertPool, error) {
	reader, err := container.CopyFileFromContainer(ctx, TLSCAFile)
	if err != nil {
		return "", nil, fmt.Errorf("the container serves HTTPS but its CA could not be read from %s: %w", TLSCAFile, err)
	}
	defer reader.Close()
	pem, err := io.ReadAll(io.LimitReader(reader, 1<<20))
	if err != nil {
		return "", nil, err
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return "", nil, errors.New("the container's " + TLSCAFile + " holds no PEM certificate")
	}
	return string(pem), pool, nil
}

// trustingTransport is http.DefaultTransport's settings with the CA as the only root.
func trustingTransport(roots *x509.CertPool) http.RoundTripper {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.TLSClientConfig = &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12}
	return transport
}

// CACertificate is the CA (PEM) of a mock started WithTLS, for a client to trust; "" over plain HTTP.
func (c *Container) CACertificate() string { return c.caCertificate }

// HTTPClient is an *http.Client that reaches the mock: it trusts the CA of a mock started WithTLS.
func (c *Container) HTTPClient() *http.Client { return c.http }

func schemeOf(pem string) string {
	if strings.TrimSpace(pem) == "" {
		return "http"
	}
	return "https"
}
