package plantstoremock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/testcontainers/testcontainers-go"
)

// Options map to the image's PLANTSTORE_MOCK_* variables (the CLI's flags); files are copied in, not
// bind-mounted, so a remote container runtime works too. A bad value fails Run before anything starts.

func option(apply func(request *testcontainers.GenericContainerRequest) error) testcontainers.CustomizeRequestOption {
	return func(request *testcontainers.GenericContainerRequest) error { return apply(request) }
}

func setEnv(request *testcontainers.GenericContainerRequest, flag, value string) {
	if request.Env == nil {
		request.Env = map[string]string{}
	}
	request.Env[envPrefix+strings.ToUpper(strings.ReplaceAll(strings.TrimLeft(flag, "-"), "-", "_"))] = value
}

// WithFlag sets any command-line flag by its name ("body-limit", "stateful", ...).
func WithFlag(name, value string) testcontainers.CustomizeRequestOption {
	return option(func(request *testcontainers.GenericContainerRequest) error {
		setEnv(request, name, value)
		return nil
	})
}

func copyFile(request *testcontainers.GenericContainerRequest, what, hostPath, dir string) (string, error) {
	absolute, err := filepath.Abs(hostPath)
	if err != nil {
		return "", err
	}
	info, err := os.Stat(absolute)
	if err != nil {
		return "", fmt.Errorf("plantstoremock: %s %s: %w", what, absolute, err)
	}
	if info.IsDir() {
		return "", fmt.Errorf("plantstoremock: %s %s is a directory, not a file", what, absolute)
	}
	target := dir + "/" + filepath.Base(absolute)
	request.Files = append(request.Files, testcontainers.ContainerFile{HostFilePath: absolute, ContainerFilePath: target, FileMode: 0o644})
	return target, nil
}

// WithSpec mocks this OpenAPI document (YAML or JSON) instead of the bundled one.
func WithSpec(hostFile string) testcontainers.CustomizeRequestOption {
	return copiedFile("spec", "the OpenAPI document", hostFile, SpecDir)
}

// copiedFile copies a host file into dir and points the flag at it.
func copiedFile(flag, what, hostFile, dir string) testcontainers.CustomizeRequestOption {
	return option(func(request *testcontainers.GenericContainerRequest) error {
		target, err := copyFile(request, what, hostFile, dir)
		if err == nil {
			setEnv(request, flag, target)
		}
		return err
	})
}

// WithScenariosDir copies the scenario files of a host directory to /scenarios and loads them.
func WithScenariosDir(hostDir string) testcontainers.CustomizeRequestOption {
	return option(func(request *testcontainers.GenericContainerRequest) error {
		entries, err := os.ReadDir(hostDir)
		if err != nil {
			return fmt.Errorf("plantstoremock: the scenarios directory %s: %w", hostDir, err)
		}
		for _, entry := range entries {
			if entry.Type().IsRegular() {
				if _, err := copyFile(request, "the scenario file", filepath.Join(hostDir, entry.Name()), ScenariosDir); err != nil {
					return err
				}
			}
		}
		setEnv(request, "scenarios", ScenariosDir)
		return nil
	})
}

// WithData copies seed records for --stateful (JSON or YAML) to /data.
func WithData(hostFile string) testcontainers.CustomizeRequestOption {
	return copiedFile("data", "the seed data file", hostFile, DataDir)
}

// WithOverlays applies these OpenAPI Overlay (1.0 or 1.1) files, in order, to the document at load
// (--overlay); each is copied to /overlays/N (N from 1), so that files of the same name do not collide.
func WithOverlays(hostFiles ...string) testcontainers.CustomizeRequestOption {
	return option(func(request *testcontainers.GenericContainerRequest) error {
		if len(hostFiles) == 0 {
			return errors.New("plantstoremock: WithOverlays needs at least one overlay file")
		}
		targets := make([]string, 0, len(hostFiles))
		for i, hostFile := range hostFiles {
			if strings.Contains(filepath.Base(hostFile), ",") {
				return fmt.Errorf("plantstoremock: an overlay's file name must hold no comma; got %q", hostFile)
			}
			target, err := copyFile(request, "the overlay", hostFile, OverlaysDir+"/"+strconv.Itoa(i+1))
			if err != nil {
				return err
			}
			targets = append(targets, target)
		}
		setEnv(request, "overlay", strings.Join(targets, ","))
		return nil
	})
}

// WithTokens accepts only these bearer tokens; without it any non-empty token is accepted.
func WithTokens(tokens ...string) testcontainers.CustomizeRequestOption {
	return option(func(request *testcontainers.GenericContainerRequest) error {
		if len(tokens) == 0 {
			return errors.New("plantstoremock: WithTokens needs at least one token")
		}
		for _, token := range tokens {
			if token == "" || strings.Contains(token, ",") {
				return fmt.Errorf("plantstoremock: a token must be non-empty and hold no comma; got %q", token)
			}
		}
		setEnv(request, "token", strings.Join(tokens, ","))
		return nil
	})
}

// WithAdminToken protects /__mock/ (but health) with this token; the module's admin calls send it.
func WithAdminToken(token string) testcontainers.CustomizeRequestOption {
	return option(func(request *testcontainers.GenericContainerRequest) error {
		if token == "" {
			return errors.New("plantstoremock: the admin token must not be empty")
		}
		setEnv(request, "admin-token", token)
		return nil
	})
}

// WithSeed seeds the data generator, for reproducible generated bodies.
func WithSeed(seed uint64) testcontainers.CustomizeRequestOption {
	return WithFlag("seed", strconv.FormatUint(seed, 10))
}

// WithStateful simulates the document's resources per session.
func WithStateful() testcontainers.CustomizeRequestOption { return WithFlag("stateful", "true") }

// WithStore shares sessions and records with other replicas through Valkey/Redis at url (redis:// or
// rediss://, reachable from the container, e.g. a network alias), under prefix ("" for the default).
func WithStore(url, prefix string) testcontainers.CustomizeRequestOption {
	return option(func(request *testcontainers.GenericContainerRequest) error {
		if !strings.HasPrefix(url, "redis://") && !strings.HasPrefix(url, "rediss://") {
			return fmt.Errorf("plantstoremock: the store must be a redis:// or rediss:// URL; got %q", url)
		}
		setEnv(request, "store", url)
		if prefix != "" {
			setEnv(request, "store-prefix", prefix)
		}
		return nil
	})
}

// WithScenario starts with this scenario active for every request.
func WithScenario(name string) testcontainers.CustomizeRequestOption {
	return WithFlag("scenario", name)
}

// WithLogLevel sets the server's log level (its log is the container's output).
func WithLogLevel(level string) testcontainers.CustomizeRequestOption {
	return WithFlag("log-level", level)
}

// Document is one document of WithSpecs: File (a host path) mounted at Base ("/billing"), or, with Base
// "", at its first servers URL's path.
type Document struct {
	Base string
	File string
}

// WithSpecs mocks several documents on one server, each at its own base path (--spec /BASE=FILE); each
// file is copied in and named by its file name, as on the command line.
func WithSpecs(documents ...Document) testcontainers.CustomizeRequestOption {
	return option(func(request *testcontainers.GenericContainerRequest) error {
		if len(documents) == 0 {
			return errors.New("plantstoremock: WithSpecs needs at least one document")
		}
		command := make([]string, 0, 2*len(documents))
		for i, document := range documents {
			if document.Base != "" && !strings.HasPrefix(document.Base, "/") {
				return fmt.Errorf("plantstoremock: a base path starts with /; got %q", document.Base)
			}
			// One folder each, so files of the same name keep their names.
			target, err := copyFile(request, "the OpenAPI document", document.File, fmt.Sprintf("%s/%d", SpecDir, i+1))
			if err != nil {
				return err
			}
			if document.Base != "" {
				target = document.Base + "=" + target
			}
			command = append(command, "--spec", target)
		}
		request.Cmd = command
		return nil
	})
}

var proxyURL = regexp.MustCompile(`(?i)^https?://\S+$`)

// WithProxy forwards routed requests to the real service at url (dialled from inside the container) and
// reports where its answers drift from the document (--proxy; see Container.Drift).
func WithProxy(url string) testcontainers.CustomizeRequestOption {
	return option(func(request *testcontainers.GenericContainerRequest) error {
		if !proxyURL.MatchString(url) {
			return fmt.Errorf("plantstoremock: WithProxy needs an http:// or https:// URL; got %q", url)
		}
		setEnv(request, "proxy", url)
		return nil
	})
}
