package plantstoremock

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/testcontainers/testcontainers-go/wait"
)

// healthStrategy waits until GET /__mock/health answers 200, and fails at once when the container exits
// first (a bad flag or document), instead of waiting out the timeout.
type healthStrategy struct {
	timeout time.Duration
	// tls: ask over HTTPS. The CA is copied out once health answers, so this probe only asks whether it
	// serves, without checking the certificate.
	tls bool
}

var _ wait.Strategy = healthStrategy{}

func (s healthStrategy) WaitUntilReady(ctx context.Context, target wait.StrategyTarget) error {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	client := &http.Client{Timeout: 2 * time.Second}
	scheme := "http"
	if s.tls {
		scheme = "https"
		transport := http.DefaultTransport.(*http.Transport).Clone()
		transport.TLSClientConfig = &tls.Config{InsecureSkipVerify: true} //nolint:gosec // a readiness probe of its own container
		client.Transport = transport
	}
	lastProblem := "no answer yet"
	for {
		state, err := target.State(ctx)
		if err != nil {
			return fmt.Errorf("reading the container's state: %w", err)
		}
		if state.Status == "exited" || state.Status == "dead" {
			return fmt.Errorf("the container exited with code %d before it served", state.ExitCode)
		}
		if problem := s.ask(ctx, client, scheme, target); problem == "" {
			return nil
		} else {
			lastProblem = problem
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("GET /__mock/health did not answer 200 within %s (%s)", s.timeout, lastProblem)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// ask returns "" when health answers 200, else what went wrong.
func (s healthStrategy) ask(ctx context.Context, client *http.Client, scheme string, target wait.StrategyTarget) string {
	host, err := target.Host(ctx)
	if err != nil {
		return err.Error()
	}
	port, err := target.MappedPort(ctx, mockPort)
	if err != nil {
		return err.Error()
	}
	request, err := http.NewRequestWithContext(ctx, http.MethodGet, scheme+"://"+net.JoinHostPort(host, port.Port())+"/__mock/health", nil)
	if err != nil {
		return err.Error()
	}
	response, err := client.Do(request)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return "timed out"
		}
		return err.Error()
	}
	_ = response.Body.Close()
	if response.StatusCode != http.StatusOK {
		return fmt.Sprintf("answered %d", response.StatusCode)
	}
	return ""
}
