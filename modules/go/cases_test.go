package plantstoremock_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	plantstoremock "github.com/plantstore-mock/plantstore-mock/modules/go"
)

// The cases every language module runs (modules/cases.json), each in a fresh session.
type sharedCase struct {
	Name     string `json:"name"`
	Scenario string `json:"scenario"`
	Steps    []struct {
		Request struct {
			Method  string            `json:"method"`
			Path    string            `json:"path"`
			Headers map[string]string `json:"headers"`
			JSON    json.RawMessage   `json:"json"`
			Body    *string           `json:"body"`
		} `json:"request"`
		Expect struct {
			Status       int                        `json:"status"`
			JSON         json.RawMessage            `json:"json"`
			JSONIncludes map[string]json.RawMessage `json:"jsonIncludes"`
			Headers      map[string]string          `json:"headers"`
		} `json:"expect"`
	} `json:"steps"`
	Verify *struct {
		plantstoremock.JournalFilter
		AtLeast *int `json:"atLeast"`
		Exactly *int `json:"exactly"`
	} `json:"verify"`
}

type casesFile struct {
	Cases []sharedCase `json:"cases"`
	// Pair holds the pair test's cases.
	Pair struct {
		Upstream []sharedCase `json:"upstream"`
		Proxy    []sharedCase `json:"proxy"`
	} `json:"pair"`
}

func loadCasesFile(t *testing.T) casesFile {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(repo, "modules", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file casesFile
	if err := json.Unmarshal(text, &file); err != nil {
		t.Fatal(err)
	}
	return file
}

func loadCases(t *testing.T) []sharedCase { return loadCasesFile(t).Cases }

func sameJSON(t *testing.T, want json.RawMessage, got []byte) bool {
	t.Helper()
	var wanted, actual any
	if err := json.Unmarshal(want, &wanted); err != nil {
		t.Fatal(err)
	}
	return json.Unmarshal(got, &actual) == nil && reflect.DeepEqual(wanted, actual)
}

func TestSharedCases(t *testing.T) {
	needsRuntime(t)
	mock := startMock(t)
	for _, c := range loadCases(t) {
		t.Run(c.Name, func(t *testing.T) { runCase(t, mock, c) })
	}
}

// runCase runs one case of modules/cases.json in a fresh session of the mock.
func runCase(t *testing.T, mock *plantstoremock.Container, c sharedCase) {
	t.Helper()
	ctx := context.Background()
	session, err := mock.Session()
	if err != nil {
		t.Fatal(err)
	}
	if c.Scenario != "" {
		if err := session.UseScenario(ctx, c.Scenario); err != nil {
			t.Fatal(err)
		}
	}
	for i, step := range c.Steps {
		headers := map[string]string{}
		for name, value := range step.Request.Headers {
			headers[name] = value
		}
		var body io.Reader
		if step.Request.JSON != nil {
			body = strings.NewReader(string(step.Request.JSON))
			if _, set := headers["Content-Type"]; !set {
				headers["Content-Type"] = "application/json"
			}
		} else if step.Request.Body != nil {
			body = strings.NewReader(*step.Request.Body)
		}
		response, err := session.Request(ctx, step.Request.Method, step.Request.Path, body, headers)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := io.ReadAll(response.Body)
		response.Body.Close()
		checkStep(t, i+1, step.Expect.Status, step.Expect.JSON, step.Expect.JSONIncludes, step.Expect.Headers, response, text)
	}
	if c.Verify != nil {
		verdict, err := session.Verify(ctx, plantstoremock.Expectation{JournalFilter: c.Verify.JournalFilter, AtLeast: c.Verify.AtLeast, Exactly: c.Verify.Exactly})
		if err != nil || !verdict.Pass {
			t.Fatalf("verify: %v %s", err, verdict.Message)
		}
	}
}

func checkStep(t *testing.T, step, status int, whole json.RawMessage, includes map[string]json.RawMessage, headers map[string]string, response *http.Response, text []byte) {
	t.Helper()
	if response.StatusCode != status {
		t.Fatalf("step %d: status %d, want %d: %s", step, response.StatusCode, status, text)
	}
	if whole != nil && !sameJSON(t, whole, text) {
		t.Fatalf("step %d: body %s, want %s", step, text, whole)
	}
	if includes != nil {
		var actual map[string]json.RawMessage
		if err := json.Unmarshal(text, &actual); err != nil {
			t.Fatalf("step %d: body is not a JSON object: %s", step, text)
		}
		for key, want := range includes {
			if !sameJSON(t, want, actual[key]) {
				t.Fatalf("step %d: %s is %s, want %s", step, key, actual[key], want)
			}
		}
	}
	for name, pattern := range headers {
		if !regexp.MustCompile(pattern).MatchString(response.Header.Get(name)) {
			t.Fatalf("step %d: header %s is %q, want a match of %s", step, name, response.Header.Get(name), pattern)
		}
	}
}
