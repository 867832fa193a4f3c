package plantstoremock_test

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/testcontainers/testcontainers-go/network"

	plantstoremock "github.com/plantstore-mock/plantstore-mock/modules/go"
)

// One "real service" serving two documents, and one mock over HTTPS proxying to it (the same pair the
// Node, Java and Python modules' tests start); the subtests share them.
func TestSeveralDocumentsHTTPSAndAProxy(t *testing.T) {
	needsRuntime(t)
	ctx := context.Background()
	nw, err := network.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = nw.Remove(context.Background()) })
	upstream := run(t,
		plantstoremock.WithSpecs(
			plantstoremock.Document{File: filepath.Join(fixtures, "drifting-store.yaml")},
			plantstoremock.Document{Base: "/tiny", File: filepath.Join(fixtures, "tiny-store.yaml")},
		),
		network.WithNetwork([]string{"upstream"}, nw),
	)
	proxy := run(t, plantstoremock.WithTLS(), plantstoremock.WithProxy("http://upstream:4010"), network.WithNetwork(nil, nw))
	const plant = `{"id": 1, "name": "Ficus"}`

	// The pair's cases every language module runs (modules/cases.json).
	pair := loadCasesFile(t).Pair
	for _, c := range pair.Upstream {
		t.Run("upstream: "+c.Name, func(t *testing.T) { runCase(t, upstream, c) })
	}
	for _, c := range pair.Proxy {
		t.Run("proxy: "+c.Name, func(t *testing.T) { runCase(t, proxy, c) })
	}

	t.Run("WithSpecs serves each copied-in document at its base path", func(t *testing.T) {
		session := newSession(t, upstream)
		if status, _ := post(t, session, plant); status != 201 {
			t.Fatalf("POST /plants: %d", status)
		}
		response, err := session.Request(ctx, http.MethodPost, "/tiny/plants", strings.NewReader(plant), bearer)
		if err != nil || response.StatusCode != 200 {
			t.Fatalf("POST /tiny/plants: %v %v", err, response)
		}
		_ = response.Body.Close()
		entries, err := session.Journal(ctx, plantstoremock.JournalFilter{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		var specs []string
		for _, entry := range entries {
			spec, _ := entry["spec"].(string)
			specs = append(specs, spec)
		}
		sort.Strings(specs)
		if strings.Join(specs, ",") != "drifting-store,tiny-store" {
			t.Fatalf("journal specs: %v", specs)
		}
	})

	t.Run("WithTLS serves HTTPS whose CA the module exposes and trusts", func(t *testing.T) {
		if !strings.HasPrefix(proxy.BaseURL(), "https://") || !strings.Contains(proxy.CACertificate(), "-----BEGIN CERTIFICATE-----") {
			t.Fatalf("base URL %s, CA %q", proxy.BaseURL(), proxy.CACertificate())
		}
		if health, err := proxy.Health(ctx); err != nil || health.Status != "ok" {
			t.Fatalf("health: %v %+v", err, health)
		}
		if _, err := http.Get(proxy.BaseURL() + "/__mock/health"); err == nil {
			t.Fatal("a client that does not trust the CA was answered")
		}
	})

	t.Run("WithProxy forwards to the real service and Drift reports where it broke the document", func(t *testing.T) {
		session := newSession(t, proxy)
		response, err := session.Request(ctx, http.MethodPost, "/plants", strings.NewReader(plant), bearer)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(response.Body)
		_ = response.Body.Close()
		if response.StatusCode != 201 || !strings.Contains(response.Header.Get("X-Mock-Drift"), "status") {
			t.Fatalf("proxied answer: %d %s, x-mock-drift %q", response.StatusCode, body, response.Header.Get("X-Mock-Drift"))
		}
		drift, err := proxy.Drift(ctx, session.ID)
		if err != nil {
			t.Fatal(err)
		}
		if drift.Summary.UpstreamAnswers != 1 || drift.Summary.DriftingAnswers != 1 || drift.Summary.OperationsDrifting != 1 ||
			drift.Operations[0].Findings[0].Kind != "status" {
			t.Fatalf("drift: %+v", drift)
		}
	})
}
