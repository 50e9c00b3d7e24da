import Foundation

extension NSManagedObjectContext {
    /// The objects the request describes, as the context sees them: the store's rows, with this
    /// context's unsaved changes applied (inserted objects that match are included, deleted ones
    /// are not, changed ones are judged by their new values).
    public func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] {
        let store = try loadedStore()
        guard let entity = store.model.entitiesByName[request.entityName] else {
            throw CoreDataError(.invalidFetchRequest, "The fetch request names the entity \"\(request.entityName)\", which the model lacks (it has \(store.model.entities.map(\.name).joined(separator: ", "))).")
        }
        let predicate = try request.predicate?.compiled(for: entity)
        let sorts = try (request.sortDescriptors ?? []).map { descriptor -> (NSAttributeDescription, Bool) in
            guard let key = descriptor.key, let attribute = entity.attributesByName[key] else {
                throw CoreDataError(.invalidFetchRequest, "The sort descriptor \(descriptor) names no attribute of \(entity.name) (it has \(entity.properties.map(\.name).joined(separator: ", "))).")
            }
            return (attribute, descriptor.ascending)
        }
        guard request.fetchLimit >= 0 else {
            throw CoreDataError(.invalidFetchRequest, "The fetch request's fetchLimit is \(request.fetchLimit); it must be 0 (no limit) or more.")
        }

        let pending = registered.values.filter { $0.entity === entity && $0.hasChanges }
        var sql = "SELECT \(NSPersistentStore.selectColumns(of: entity)) FROM \(entity.tableName)"
        var bindings: [SQLiteValue] = []
        if let predicate {
            let (condition, values) = predicate.sql()
            sql += " WHERE \(condition)"
            bindings = values
        }
        // Z_PK last: equal values keep the order they were saved in.
        sql += " ORDER BY " + (sorts.map { "\($0.0.columnName) \($0.1 ? "ASC" : "DESC")" } + ["Z_PK ASC"]).joined(separator: ", ")
        if request.fetchLimit > 0 && pending.isEmpty {
            sql += " LIMIT \(request.fetchLimit)"
        }
        var objects = try store.connection.query(sql, bindings) { row -> NSManagedObject in
            let primaryKey = row.integer(at: 0)
            let objectID = NSManagedObjectID(entity: entity, key: .permanent(storeIdentifier: store.identifier, primaryKey: primaryKey))
            if let known = registered[objectID.registryKey] {
                if known.isFault {
                    let values = NSPersistentStore.values(of: entity, from: row)
                    known.values = values
                    known.committedValues = values
                    known.isFault = false
                }
                return known
            }
            return registerFetched(objectID: objectID, values: NSPersistentStore.values(of: entity, from: row))
        }

        if !pending.isEmpty {
            // The store answered for saved values; objects changed here answer for themselves.
            let changed = Set(pending.map(ObjectIdentifier.init))
            objects.removeAll { changed.contains(ObjectIdentifier($0)) }
            objects += pending.filter { deleted[ObjectIdentifier($0)] == nil && (predicate?.evaluate($0.values) ?? true) }
            objects.sort { left, right in
                for (attribute, ascending) in sorts {
                    let (a, b) = (left.values[attribute.name], right.values[attribute.name])
                    if AttributeValue.ascending(a, b) { return ascending }
                    if AttributeValue.ascending(b, a) { return !ascending }
                }
                // Saved objects by key, then unsaved ones in the order they were inserted.
                switch (left.objectID.primaryKey, right.objectID.primaryKey) {
                case let (a?, b?): return a < b
                case (_?, nil): return true
                case (nil, _?): return false
                default: return left.insertionSequence < right.insertionSequence
                }
            }
            if request.fetchLimit > 0 { objects = Array(objects.prefix(request.fetchLimit)) }
        }

        return try objects.map { object in
            guard let result = object as? T else {
                throw CoreDataError(.invalidFetchRequest, "The fetch request for \(entity.name) expects results of type \(T.self), but the entity's class is \(entity.managedObjectClass).")
            }
            return result
        }
    }

    /// How many objects `fetch(_:)` would return.
    public func count<T>(for request: NSFetchRequest<T>) throws -> Int {
        try fetch(request).count
    }

    private func registerFetched(objectID: NSManagedObjectID, values: [String: AttributeValue]) -> NSManagedObject {
        let object = objectID.entity.managedObjectClass.makeForStore(entity: objectID.entity, objectID: objectID, values: values)
        object.managedObjectContext = self
        registered[objectID.registryKey] = object
        return object
    }
}
