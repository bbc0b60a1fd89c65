import React, {useEffect, useState} from 'react';
import {FlatList, Pressable, Text} from 'react-native';
import {fetchConditions, Trail} from './api';

export default function TrailList({navigation, route}: any) {
  const [trails, setTrails] = useState<Trail[]>([]);
  useEffect(() => {
    fetchConditions().then(setTrails);
  }, []);
  return (
    <FlatList
      data={trails}
      keyExtractor={t => t.id}
      renderItem={({item}) => (
        <Pressable onPress={() => navigation.navigate('Trail', {id: item.id})}>
          <Text>{item.name} · {item.status}</Text>
        </Pressable>
      )}
    />
  );
}
