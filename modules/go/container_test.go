package plantstoremock_test

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	plantstoremock "github.com/plantstore-mock/plantstore-mock/modules/go"
)

const valid = `{"id": 1, "name": "Monstera deliciosa", "tag": "tropical"}`

var bearer = map[string]string{"Authorization": "Bearer t", "Content-Type": "application/json"}

func post(t *testing.T, session *plantstoremock.Session, body string) (int, string) {
	t.Helper()
	response, err := session.Request(context.Background(), http.MethodPost, "/plants", strings.NewReader(body), bearer)
	if err != nil {
		t.Fatal(err)
	}
	defer response.Body.Close()
	text, _ := io.ReadAll(response.Body)
	return response.StatusCode, string(text)
}

func newSession(t *testing.T, mock *plantstoremock.Container) *plantstoremock.Session {
	t.Helper()
	session, err := mock.Session()
	if err != nil {
		t.Fatal(err)
	}
	return session
}

func exactly(n int) *int { return &n }

func TestAnswersAValidCreateAndRejectsABrokenOne(t *testing.T) {
	needsRuntime(t)
	session := newSession(t, startMock(t))
	if status, body := post(t, session, valid); status != 200 || body != `{"name":"Monstera deliciosa","tag":"tropical"}` {
		t.Fatalf("valid create: %d %s", status, body)
	}
	if status, body := post(t, session, `{"id": "one", "name": "Fern"}`); status != 400 || !strings.Contains(body, "body.id") {
		t.Fatalf("broken create: %d %s", status, body)
	}
}

func TestSwitchesTheScenarioPerSessionAndKeepsParallelSessionsApart(t *testing.T) {
	needsRuntime(t)
	ctx := context.Background()
	mock := startMock(t)
	unauthorized, plain := newSession(t, mock), newSession(t, mock)
	if err := unauthorized.UseScenario(ctx, "unauthorized"); err != nil {
		t.Fatal(err)
	}
	statuses := make([]int, 8)
	var group sync.WaitGroup
	for i := range statuses {
		group.Go(func() {
			session := []*plantstoremock.Session{unauthorized, plain}[i%2]
			// No t.Fatal off the test's goroutine: a failed request is recorded as status 0.
			if response, err := session.Request(ctx, http.MethodPost, "/plants", strings.NewReader(valid), bearer); err == nil {
				statuses[i] = response.StatusCode
				response.Body.Close()
			}
		})
	}
	group.Wait()
	for i, status := range statuses {
		if want := []int{401, 200}[i%2]; status != want {
			t.Fatalf("request %d: %d, want %d (all: %v)", i, status, want, statuses)
		}
	}
	verdict, err := plain.Verify(ctx, plantstoremock.Expectation{JournalFilter: plantstoremock.JournalFilter{Method: "POST", Path: "/plants", Status: "200"}, Exactly: exactly(4)})
	if err != nil || !verdict.Pass {
		t.Fatalf("verify: %v %s", err, verdict.Message)
	}
	miss, err := plain.Verify(ctx, plantstoremock.Expectation{JournalFilter: plantstoremock.JournalFilter{Status: "401"}, AtLeast: exactly(1)})
	if err != nil || miss.Pass {
		t.Fatalf("the plain session saw a 401: %v %+v", err, miss)
	}
	if err := unauthorized.Reset(ctx); err != nil {
		t.Fatal(err)
	}
	if entries, err := unauthorized.Journal(ctx, plantstoremock.JournalFilter{}, 0); err != nil || len(entries) != 0 {
		t.Fatalf("journal after reset: %v %v", err, entries)
	}
	if entries, err := plain.Journal(ctx, plantstoremock.JournalFilter{Status: "200"}, 0); err != nil || len(entries) != 4 {
		t.Fatalf("plain journal: %v %d entries", err, len(entries))
	}
}

func TestReportsHealthAndCoverageWithTheGateVerdict(t *testing.T) {
	needsRuntime(t)
	ctx := context.Background()
	mock := startMock(t)
	if health, err := mock.Health(ctx); err != nil || health.Status != "ok" || health.Spec != "Plant Store" {
		t.Fatalf("health: %v %+v", err, health)
	}
	session := newSession(t, mock)
	post(t, session, valid)
	report, err := session.Coverage(ctx)
	if err != nil || report.Session == nil || *report.Session != session.ID || report.Summary.Requests != 1 {
		t.Fatalf("coverage: %v %+v", err, report)
	}
	if verdict, _ := session.CoverageGate(ctx, plantstoremock.Gate{NoViolations: true}); !verdict.Pass {
		t.Fatalf("no violations yet: %s", verdict.Reason)
	}
	hundred := 100.0
	verdict, _ := session.CoverageGate(ctx, plantstoremock.Gate{Min: &hundred})
	if verdict.Pass || !strings.Contains(verdict.Reason, "is below --min 100%") || !strings.Contains(verdict.Reason, "never served: POST /plants 400") {
		t.Fatalf("gate at 100%%: %+v", verdict)
	}
	post(t, session, `{"name": 7}`)
	if verdict, _ := session.CoverageGate(ctx, plantstoremock.Gate{NoViolations: true}); verdict.Pass || !strings.Contains(verdict.Reason, "1 request(s) broke the contract") {
		t.Fatalf("after a violation: %+v", verdict)
	}
}

func TestServesACopiedInDocumentWithTokensAnAdminTokenAndFlags(t *testing.T) {
	needsRuntime(t)
	ctx := context.Background()
	mock := run(t,
		plantstoremock.WithSpec(filepath.Join(fixtures, "tiny-store.yaml")),
		plantstoremock.WithOverlays(filepath.Join(fixtures, "tiny-store-overlay.yaml")),
		plantstoremock.WithTokens("secret-1", "secret-2"),
		plantstoremock.WithAdminToken("admin"),
		plantstoremock.WithSeed(42),
		plantstoremock.WithFlag("journal-size", "50"),
	)
	if health, err := mock.Health(ctx); err != nil || health.Spec != "Tiny Store, overlaid" {
		t.Fatalf("health: %v %+v", err, health)
	}
	for token, want := range map[string]int{"other": 401, "secret-2": 200} {
		request, _ := http.NewRequest(http.MethodPost, mock.BaseURL()+"/plants", strings.NewReader(`{"id": 1, "name": "Aloe"}`))
		request.Header.Set("Authorization", "Bearer "+token)
		request.Header.Set("Content-Type", "application/json")
		response, err := http.DefaultClient.Do(request)
		if err != nil || response.StatusCode != want {
			t.Fatalf("token %s: %v %v", token, err, response)
		}
		response.Body.Close()
	}
	if response, err := http.Get(mock.BaseURL() + "/__mock/journal"); err != nil || response.StatusCode != 401 {
		t.Fatalf("the journal without the admin token: %v %v", err, response)
	}
	var journal struct {
		Capacity int `json:"capacity"`
	}
	if err := mock.Admin(ctx, http.MethodGet, "journal", nil, &journal); err != nil || journal.Capacity != 50 {
		t.Fatalf("journal with the admin token: %v %+v", err, journal)
	}
}

func TestLoadsACopiedInScenariosDirectoryAndSelectsOneAtStart(t *testing.T) {
	needsRuntime(t)
	mock := run(t, plantstoremock.WithScenariosDir(filepath.Join(fixtures, "scenarios")), plantstoremock.WithScenario("expired-token"))
	scenarios, err := mock.Scenarios(context.Background())
	if err != nil || scenarios.Active == nil || *scenarios.Active != "expired-token" {
		t.Fatalf("scenarios: %v %+v", err, scenarios)
	}
	if status, _ := post(t, newSession(t, mock), valid); status != 401 {
		t.Fatalf("status %d, want 401", status)
	}
}

func TestCarriesTheProjectVersion(t *testing.T) {
	needsRuntime(t)
	code, output, err := startMock(t).Exec(context.Background(), []string{"node", "/app/dist/cli/main.js", "--version"})
	if err != nil || code != 0 {
		t.Fatal(code, err)
	}
	text, _ := io.ReadAll(output)
	if !strings.Contains(string(text), plantstoremock.Version) {
		t.Fatalf("the image says %q, the module %s", text, plantstoremock.Version)
	}
}
