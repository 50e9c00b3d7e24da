import Foundation
import Testing
@testable import Checker

/// Every file a grading platform or CI server reads, checked against that platform's own schema
/// (`Tests/Fixtures/Schemas`, each with where it comes from): JUnit against the Jenkins xUnit
/// plugin's and JUnit 5's Jenkins XSDs and loaded by junitparser, Gradescope, Exercism and
/// PrairieLearn results against schemas written from their documentation.
@Suite struct FormatSchemaTests {
    static let schemas = GradedClass.packageRoot.appendingPathComponent("Tests/Fixtures/Schemas")

    /// What the validators found wrong in a report folder, one line per problem (empty when all is valid).
    static func problems(in report: URL) throws -> [String] {
        let found = try Tool.python("""
            import glob, json, os, sys
            import jsonschema, junitparser, xmlschema
            report, schemas = sys.argv[1], sys.argv[2]
            problems = []
            junit = os.path.join(report, 'junit.xml')
            for name in ['xunit-junit-10.xsd', 'junit5-jenkins-junit.xsd']:
                schema = xmlschema.XMLSchema(os.path.join(schemas, name))
                problems += [f'junit.xml against {name}: {e.reason} at {e.path}' for e in schema.iter_errors(junit)]
            xml = junitparser.JUnitXml.fromfile(junit)
            cases = [case for suite in xml for case in suite]
            if len(cases) != int(xml.tests):
                problems.append(f'junitparser reads {len(cases)} test cases, the file says {xml.tests}')
            for kind, schema_name in [('gradescope', 'gradescope-results.schema.json'), ('exercism', 'exercism-results-v3.schema.json'),
                                      ('prairielearn', 'prairielearn-results.schema.json')]:
                schema = json.load(open(os.path.join(schemas, schema_name), encoding='utf-8'))
                validator = jsonschema.Draft202012Validator(schema)
                for path in sorted(glob.glob(os.path.join(report, 'students', '*', kind + '-results.json'))):
                    document = json.load(open(path, encoding='utf-8'))
                    # PrairieLearn refuses a results file over 1 MB.
                    if kind == 'prairielearn' and os.path.getsize(path) > 1_000_000:
                        problems.append(f'{os.path.relpath(path, report)} is over 1 MB')
                    for error in validator.iter_errors(document):
                        where = '/'.join(str(p) for p in error.absolute_path)
                        problems.append(f'{os.path.relpath(path, report)} at {where or "the top"}: {error.message[:200]}')
            print(json.dumps(problems))
            """, [report.path, schemas.path])
        return try #require(found as? [String])
    }

    @Test func everyPlatformsFileValidatesAgainstItsSchema() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try ReportWriter(folder: folder.url).write(ReportFixture.results)
        let problems = try Self.problems(in: folder.url)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("PrairieLearn's score is the fraction of the points earned, and its tests the criteria with their points")
    func prairieLearnScoresAsAFraction() throws {
        for student in ReportFixture.results.students {
            let document = PrairieLearnResults.document(for: student, title: "HypnoNerd")
            #expect(document.gradable)
            #expect(abs(document.score * student.maxScore - student.score) < 1e-9, "\(student.student)")
            #expect(document.tests.map(\.name) == student.criteria.map(\.criterion.name))
            #expect(document.tests.map(\.points) == student.criteria.map(\.score))
            #expect(document.tests.map(\.maxPoints) == student.criteria.map(\.criterion.points))
            #expect(!document.tests.contains { $0.message.contains(ReportFixture.secretStep) || $0.output.contains(ReportFixture.secretStep) })
        }
        let broken = try #require(ReportFixture.results.students.first { $0.student == ReportFixture.formulaStudent })
        #expect(PrairieLearnResults.document(for: broken, title: "HypnoNerd").message.contains("cannot find 'x' in scope"),
                "a failed build's diagnostics are the summary")
    }

    @Test func aFailedBuildsExplanationComesAfterItsTestCases() throws {
        // JUnit 5's Jenkins schema wants a suite's system-err after its test cases.
        let broken = try #require(ReportFixture.results.students.first { $0.student == ReportFixture.formulaStudent })
        let suite = JUnitReport.suite(broken, exercise: "hypnonerd")
        let lastCase = try #require(suite.range(of: "</testcase>", options: .backwards))
        let err = try #require(suite.range(of: "<system-err>"))
        #expect(lastCase.upperBound <= err.lowerBound)
        #expect(!suite.contains("assertions="))
    }
}
