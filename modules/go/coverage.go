package plantstoremock

import (
	"fmt"
	"strings"
)

// CoverageReport is what GET /__mock/coverage answers (see docs/coverage.md).
type CoverageReport struct {
	Session    *string             `json:"session"`
	Summary    CoverageSummary     `json:"summary"`
	Operations []OperationCoverage `json:"operations"`
	Unmatched  struct {
		Requests   int            `json:"requests"`
		Violations int            `json:"violations"`
		Rejected   map[string]int `json:"rejected"`
	} `json:"unmatched"`
}

type CoverageSummary struct {
	Operations                int     `json:"operations"`
	OperationsExercised       int     `json:"operationsExercised"`
	DocumentedResponses       int     `json:"documentedResponses"`
	DocumentedResponsesServed int     `json:"documentedResponsesServed"`
	Percent                   float64 `json:"percent"`
	Violations                int     `json:"violations"`
	Requests                  int     `json:"requests"`
}

type OperationCoverage struct {
	Method      string             `json:"method"`
	Path        string             `json:"path"`
	OperationID string             `json:"operationId,omitempty"`
	Requests    int                `json:"requests"`
	Violations  int                `json:"violations"`
	Rejected    map[string]int     `json:"rejected"`
	AnsweredBy  map[string]int     `json:"answeredBy"`
	Responses   []ResponseCoverage `json:"responses"`
	NeverSent   []string           `json:"neverSent"`
}

type ResponseCoverage struct {
	Status     string `json:"status"`
	Documented bool   `json:"documented"`
	Served     int    `json:"served"`
	MediaTypes []struct {
		MediaType *string `json:"mediaType"`
		Served    int     `json:"served"`
	} `json:"mediaTypes,omitempty"`
}

// Gate is the bar of the CLI's `coverage --min N --no-violations`; a nil Min checks no share.
type Gate struct {
	Min          *float64
	NoViolations bool
}

// GateVerdict says whether a report clears the bar, and why not.
type GateVerdict struct {
	Pass   bool
	Reason string
}

// CheckGate compares on the counts, not the rounded percent, so 99.96% does not pass a Min of 100.
func CheckGate(report CoverageReport, gate Gate) GateVerdict {
	s := report.Summary
	scope := ""
	if report.Session != nil {
		scope = fmt.Sprintf(" (session %s)", *report.Session)
	}
	if gate.Min != nil && float64(s.DocumentedResponsesServed)*100 < *gate.Min*float64(s.DocumentedResponses) {
		return GateVerdict{false, fmt.Sprintf("coverage %v%% is below --min %v%%%s: %d of %d documented responses served; never served: %s",
			s.Percent, *gate.Min, scope, s.DocumentedResponsesServed, s.DocumentedResponses, neverServed(report))}
	}
	if gate.NoViolations && s.Violations > 0 {
		var where []string
		for _, o := range report.Operations {
			if o.Violations > 0 {
				where = append(where, fmt.Sprintf("%s %s (%d)", o.Method, o.Path, o.Violations))
			}
		}
		if report.Unmatched.Violations > 0 {
			where = append(where, fmt.Sprintf("unmatched (%d)", report.Unmatched.Violations))
		}
		return GateVerdict{false, fmt.Sprintf("%d request(s) broke the contract%s: %s", s.Violations, scope, strings.Join(where, ", "))}
	}
	return GateVerdict{true, fmt.Sprintf("coverage %v%%%s: %d of %d documented responses served, %d violation(s)",
		s.Percent, scope, s.DocumentedResponsesServed, s.DocumentedResponses, s.Violations)}
}

func neverServed(report CoverageReport) string {
	var missing []string
	for _, o := range report.Operations {
		for _, r := range o.Responses {
			for _, m := range r.MediaTypes {
				if m.Served == 0 {
					entry := fmt.Sprintf("%s %s %s", o.Method, o.Path, r.Status)
					if m.MediaType != nil {
						entry += " " + *m.MediaType
					}
					missing = append(missing, entry)
				}
			}
		}
	}
	if len(missing) <= 5 {
		return strings.Join(missing, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(missing[:5], ", "), len(missing)-5)
}

// DriftReport is what GET /__mock/drift answers: where the real service's answers (WithProxy) broke the
// document, per operation.
type DriftReport struct {
	Session *string `json:"session"`
	Summary struct {
		UpstreamAnswers    int `json:"upstreamAnswers"`
		DriftingAnswers    int `json:"driftingAnswers"`
		OperationsDrifting int `json:"operationsDrifting"`
	} `json:"summary"`
	Operations []OperationDrift `json:"operations"`
}

// OperationDrift is one operation the real service answered: its answers, the drifting ones, and what drifted.
type OperationDrift struct {
	Method      string         `json:"method"`
	Path        string         `json:"path"`
	OperationID string         `json:"operationId,omitempty"`
	Answers     int            `json:"answers"`
	Drifting    int            `json:"drifting"`
	ByKind      map[string]int `json:"byKind"`
	Findings    []struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
		Answers int    `json:"answers"`
	} `json:"findings"`
}
