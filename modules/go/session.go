package plantstoremock

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"time"
)

// SessionHeader is the header that puts a request in a session.
const SessionHeader = "X-Mock-Session"

var sessionID = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,128}$`)

// Session is a handle on one X-Mock-Session of the mock: its own scenario, sequence positions, stored data
// and journal. Client is an *http.Client that adds the session header to every request.
type Session struct {
	ID     string
	Client *http.Client
	mock   *Container
}

type sessionTransport struct {
	id   string
	next http.RoundTripper
}

func (t sessionTransport) RoundTrip(request *http.Request) (*http.Response, error) {
	if request.Header.Get(SessionHeader) != "" {
		return t.next.RoundTrip(request)
	}
	clone := request.Clone(request.Context())
	clone.Header.Set(SessionHeader, t.id)
	return t.next.RoundTrip(clone)
}

// Session returns a handle on a fresh session (a random id), or on the given id.
func (c *Container) Session(id ...string) (*Session, error) {
	chosen := ""
	if len(id) > 0 {
		chosen = id[0]
	} else {
		chosen = rand.Text()
	}
	if !sessionID.MatchString(chosen) {
		return nil, fmt.Errorf("plantstoremock: a session id is 1 to 128 letters, digits and -._:; got %q", chosen)
	}
	client := &http.Client{Timeout: 30 * time.Second, Transport: sessionTransport{id: chosen, next: c.transport}}
	return &Session{ID: chosen, Client: client, mock: c}, nil
}

// Request sends a request of this session to a path of the mock (headers may be nil).
func (s *Session) Request(ctx context.Context, method, path string, body io.Reader, headers map[string]string) (*http.Response, error) {
	request, err := http.NewRequestWithContext(ctx, method, s.mock.baseURL+path, body)
	if err != nil {
		return nil, err
	}
	for name, value := range headers {
		request.Header.Set(name, value)
	}
	return s.Client.Do(request)
}

// UseScenario selects a scenario for this session only ("" clears it); an unknown one is an *AdminError.
func (s *Session) UseScenario(ctx context.Context, name string) error {
	var scenario any
	if name != "" {
		scenario = name
	}
	return s.mock.Admin(ctx, http.MethodPut, "scenario", map[string]any{"scenario": scenario, "session": s.ID}, nil)
}

// JournalFilter narrows the journal; empty fields match anything.
type JournalFilter struct {
	Method string `json:"method,omitempty"`
	// Path is exact, or a pattern where * stands for any characters.
	Path string `json:"path,omitempty"`
	// Status is exact ("201") or a class ("4xx").
	Status string `json:"status,omitempty"`
	Since  string `json:"since,omitempty"`
}

// Expectation: at least AtLeast, or exactly Exactly, of the session's requests match the filter.
type Expectation struct {
	JournalFilter
	AtLeast *int `json:"atLeast,omitempty"`
	Exactly *int `json:"exactly,omitempty"`
}

// Verification is the admin API's verdict.
type Verification struct {
	Pass     bool             `json:"pass"`
	Expected string           `json:"expected"`
	Count    int              `json:"count"`
	Message  string           `json:"message"`
	Closest  []map[string]any `json:"closest"`
}

// Journal returns this session's journal entries, oldest first (limit 0: all).
func (s *Session) Journal(ctx context.Context, filter JournalFilter, limit int) ([]map[string]any, error) {
	query := url.Values{"session": {s.ID}}
	for name, value := range map[string]string{"method": filter.Method, "path": filter.Path, "status": filter.Status, "since": filter.Since} {
		if value != "" {
			query.Set(name, value)
		}
	}
	if limit > 0 {
		query.Set("limit", strconv.Itoa(limit))
	}
	var answer struct {
		Entries []map[string]any `json:"entries"`
	}
	err := s.mock.Admin(ctx, http.MethodGet, "journal?"+query.Encode(), nil, &answer)
	return answer.Entries, err
}

// Verify asks the journal whether this session's requests meet the expectation; a miss is no error.
func (s *Session) Verify(ctx context.Context, expectation Expectation) (Verification, error) {
	body := map[string]any{"session": s.ID}
	for name, value := range map[string]string{"method": expectation.Method, "path": expectation.Path, "status": expectation.Status, "since": expectation.Since} {
		if value != "" {
			body[name] = value
		}
	}
	if expectation.AtLeast != nil {
		body["atLeast"] = *expectation.AtLeast
	}
	if expectation.Exactly != nil {
		body["exactly"] = *expectation.Exactly
	}
	var verdict Verification
	return verdict, s.mock.Admin(ctx, http.MethodPost, "journal/verify", body, &verdict)
}

// Coverage is this session's contract coverage.
func (s *Session) Coverage(ctx context.Context) (CoverageReport, error) {
	return s.mock.Coverage(ctx, s.ID)
}

// CoverageGate is the coverage gate's verdict on this session.
func (s *Session) CoverageGate(ctx context.Context, gate Gate) (GateVerdict, error) {
	return s.mock.CoverageGate(ctx, s.ID, gate)
}

// Reset forgets this session's sequence positions, stored data and journal entries; its scenario stays.
func (s *Session) Reset(ctx context.Context) error {
	if err := s.mock.Admin(ctx, http.MethodPost, "reset", map[string]any{"session": s.ID}, nil); err != nil {
		return err
	}
	return s.mock.Admin(ctx, http.MethodDelete, "journal?"+url.Values{"session": {s.ID}}.Encode(), nil, nil)
}
