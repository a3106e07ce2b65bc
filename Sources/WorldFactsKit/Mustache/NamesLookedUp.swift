extension TemplateRenderer {
    /// The first parts of the names that the body of any section named `name` may look up the context
    /// stack: in the body, in the partials and parents it includes (and theirs), and in every override of
    /// a block it holds. A name that looks in the current value only (`{{.a}}`) is left out. What a
    /// turn of such a section can read besides its element.
    public func namesLookedUp(insideSectionsNamed name: String) -> Set<String> {
        let program = self.program
        var found = Set<String>()
        var expanded = Set<Int32>()
        var pending: [Range<Int32>] = program.instructions.indices.compactMap { index in
            let instruction = program.instructions[index]
            guard instruction.kind == .section, !program.names[Int(instruction.a)].currentOnly,
                program.names[Int(instruction.a)].parts == [name]
            else { return nil }
            return Int32(index + 1)..<instruction.end
        }
        while let range = pending.popLast() {
            for index in range {
                let instruction = program.instructions[Int(index)]
                switch instruction.kind {
                case .variable, .section:
                    let looked = program.names[Int(instruction.a)]
                    if !looked.currentOnly, let first = looked.parts.first { found.insert(first) }
                case .partial, .parent:
                    if instruction.a >= 0, expanded.insert(instruction.a).inserted {
                        pending.append(program.templateBodies[Int(instruction.a)])
                    }
                case .block:
                    for override in program.overrides.joined() where override.block == instruction.a {
                        pending.append(override.body)
                    }
                case .text: break
                }
            }
        }
        return found
    }
}
