@testable import Checker
import Foundation
import Testing

/// A generated GitHub Actions workflow as GitHub and the actions it uses read it: parsed by
/// PyYAML, validated against the focused workflow schema and against the inputs GitHub
/// Classroom's autograding actions document (`Tests/Fixtures/Schemas`, with where each comes from).
enum WorkflowCheck {
    struct Checked {
        /// The workflow as YAML reads it.
        var workflow: [String: Any]
        /// What the schema or the actions' inputs refuse, one line each.
        var problems: [String]

        var jobs: [String: [String: Any]] { workflow["jobs"] as? [String: [String: Any]] ?? [:] }

        func steps(of job: String) -> [[String: Any]] {
            jobs[job]?["steps"] as? [[String: Any]] ?? []
        }
    }

    static func check(_ file: URL) throws -> Checked {
        let found = try Tool.python("""
            import json, sys
            import jsonschema, yaml
            path, schemas = sys.argv[1], sys.argv[2]
            with open(path, encoding='utf-8') as f:
                workflow = yaml.safe_load(f)
            problems = []
            schema = json.load(open(schemas + '/github-workflow.schema.json', encoding='utf-8'))
            for error in jsonschema.Draft202012Validator(schema).iter_errors(workflow):
                where = '/'.join(str(p) for p in error.absolute_path)
                problems.append(f'workflow at {where or "the top"}: {error.message[:300]}')
            actions = json.load(open(schemas + '/github-classroom-actions.json', encoding='utf-8'))['actions']
            for job_id, job in (workflow.get('jobs') or {}).items():
                for index, step in enumerate(job.get('steps') or []):
                    action = str(step.get('uses', '')).split('@')[0]
                    if action in actions:
                        for error in jsonschema.Draft202012Validator(actions[action]['with']).iter_errors(step.get('with', {})):
                            problems.append(f'{job_id} step {index} ({action}) with: {error.message[:300]}')
            print(json.dumps({'workflow': workflow, 'problems': problems}))
            """, [file.path, FormatSchemaTests.schemas.path])
        let object = try #require(found as? [String: Any])
        return Checked(workflow: try #require(object["workflow"] as? [String: Any]), problems: object["problems"] as? [String] ?? [])
    }

    /// What the grading reporter requires of a handwritten workflow, and how it finds each test's
    /// result: one job, named as Classroom expects, in a workflow named as it expects; every
    /// runner an earlier command grader's step id, with its `<ID>_RESULTS` set from that step's output.
    static func classroomProblems(_ checked: Checked) throws -> [String] {
        let actions = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: FormatSchemaTests.schemas
            .appendingPathComponent("github-classroom-actions.json"))) as? [String: Any])
        var problems: [String] = []
        if checked.workflow["name"] as? String != actions["workflowName"] as? String { problems.append("the workflow is not named \(actions["workflowName"] ?? "")") }
        let jobName = try #require(actions["jobName"] as? String)
        if Array(checked.jobs.keys) != [jobName] { problems.append("the jobs are \(checked.jobs.keys.sorted()), not [\(jobName)] alone") }
        let steps = checked.steps(of: jobName)
        let graders = steps.filter { ($0["uses"] as? String)?.hasPrefix("classroom-resources/autograding-command-grader@") == true }
        let graderIDs = graders.compactMap { $0["id"] as? String }
        guard let reporterIndex = steps.firstIndex(where: { ($0["uses"] as? String)?.hasPrefix("classroom-resources/autograding-grading-reporter@") == true }) else {
            return problems + ["no grading reporter"]
        }
        let reporter = steps[reporterIndex]
        if steps[(reporterIndex + 1)...].contains(where: { ($0["uses"] as? String)?.contains("autograding-command-grader") == true }) {
            problems.append("a command grader runs after the reporter")
        }
        let runners = ((reporter["with"] as? [String: Any])?["runners"] as? String ?? "").split(separator: ",").map(String.init)
        if runners != graderIDs { problems.append("the reporter's runners \(runners) are not the command graders' ids \(graderIDs)") }
        let environment = reporter["env"] as? [String: String] ?? [:]
        for id in runners where environment[id.uppercased() + "_RESULTS"] != "${{steps.\(id).outputs.result}}" {
            problems.append("\(id.uppercased())_RESULTS does not carry steps.\(id).outputs.result")
        }
        if Set(environment.keys) != Set(runners.map { $0.uppercased() + "_RESULTS" }) { problems.append("the reporter's environment is \(environment.keys.sorted())") }
        return problems
    }
}
