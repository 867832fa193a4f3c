package plantstoremock

import (
	"fmt"
	"strings"
)

// StartError: the container did not start, exited, or never answered GET /__mock/health. Logs holds the
// container's last log lines ("" when no container ran).
type StartError struct {
	Image string
	Cause error
	Logs  string
}

func (e *StartError) Error() string {
	return withLogs(fmt.Sprintf("plantstoremock: the image %s did not start: %v", e.Image, e.Cause), e.Logs)
}

func (e *StartError) Unwrap() error { return e.Cause }

// AdminError: an admin call (/__mock/...) answered an error status, e.g. 422 for an unknown scenario.
type AdminError struct {
	Method  string
	Path    string
	Status  int
	Message string
	Logs    string
}

func (e *AdminError) Error() string {
	return withLogs(fmt.Sprintf("plantstoremock: %s /__mock/%s answered %d: %s", e.Method, e.Path, e.Status, e.Message), e.Logs)
}

func withLogs(message, logs string) string {
	if strings.TrimSpace(logs) == "" {
		return message
	}
	return message + "\n--- last log lines of the container ---\n" + logs
}
